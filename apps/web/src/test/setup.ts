import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The suite runs two test files at once on two cores: a lazy screen may take longer than
// Testing Library's default second to appear. findBy*/waitFor wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: scrolling is a no-op here, asserted in the browser tests.
window.scrollTo = vi.fn();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
