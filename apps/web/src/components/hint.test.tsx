import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setFirstCommitUnderWay } from '../lib/first-commit';
import { Hint } from './hint';

function renderHint() {
  return render(
    <Hint title="Notifications">
      <button type="button" aria-label="Bell">
        !
      </button>
    </Hint>,
  );
}

describe('Hint', () => {
  afterEach(() => setFirstCommitUnderWay(false));

  it('shows its title on hover', async () => {
    renderHint();
    await userEvent.hover(screen.getByRole('button', { name: 'Bell' }));
    expect(await screen.findByRole('tooltip', { name: 'Notifications' })).toBeTruthy();
  });

  it('comes a task after the app’s first commit over the prerendered page', async () => {
    setFirstCommitUnderWay(true);
    renderHint();
    const first = screen.getByRole('button', { name: 'Bell' });
    // Drawn without the tooltip at first: hovering shows nothing.
    await userEvent.hover(first);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const button = screen.getByRole('button', { name: 'Bell' });
    expect(button).not.toBe(first);
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip', { name: 'Notifications' })).toBeTruthy();
  });
});
