import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { AppBreadcrumbs, BREADCRUMBS_MAX_ITEMS } from './app-breadcrumbs';

function renderTrail(trail: string[]) {
  renderRoutes([{ path: '/', element: <AppBreadcrumbs />, handle: { title: 'Here', trail } }]);
  return screen.getByRole('navigation', { name: 'Breadcrumb' });
}

describe('breadcrumbs', () => {
  it('show the trail to the current screen', () => {
    const nav = renderTrail(['Services']);
    expect(nav.textContent).toBe('HomeServicesHere');
  });

  it('collapse above 8 items (spec section 9)', () => {
    expect(BREADCRUMBS_MAX_ITEMS).toBe(8);
    const eight = renderTrail(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(eight.querySelectorAll('li.MuiBreadcrumbs-li')).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Show path' })).toBeNull();
  });

  it('offers the hidden part behind a button when longer', () => {
    renderTrail(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(screen.getByRole('button', { name: 'Show path' })).toBeTruthy();
    expect(screen.queryByText('D')).toBeNull();
  });
});
