import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import type { TCatalogPlan } from '../api/catalog';
import { createAdminStore } from '../store';
import { PlanItem } from './plan-item';

const plan: TCatalogPlan = {
  code: 'gotv-jinja',
  name: 'GOtv Jinja',
  faceValue: '3900.00',
  upstreamCost: null,
  agentPrice: '3861.00',
  fixedPrice: null,
  margin: null,
  enabled: true,
  listed: true,
  offReason: null,
};

function renderPlan(mayChange: boolean, overrides: Partial<TCatalogPlan> = {}) {
  return render(
    <Provider store={createAdminStore()}>
      <PlanItem serviceId="gotv" discountPercent="1.00" plan={{ ...plan, ...overrides }} mayChange={mayChange} />
    </Provider>,
  );
}

describe('a plan in the console’s catalogue', () => {
  it('shows what agents pay and keep, and the upstream cost and margin as unknown rather than a made-up figure', () => {
    renderPlan(true);
    const text = screen.getByRole('article', { name: 'GOtv Jinja' }).textContent;
    expect(text).toContain('Face value₦3,900.00');
    expect(text).toContain('Upstream costUnknown');
    expect(text).toContain('Agent price₦3,861.00face value less 1 %');
    expect(text).toContain('Agent keeps₦39.00');
    expect(text).toContain('Your marginUnknown');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'GOtv Jinja on sale' }).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Set a fixed price' })).toBeTruthy();
  });

  it('offers no change to a role that may not make one', () => {
    renderPlan(false, { fixedPrice: '3800.00', agentPrice: '3800.00' });
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'GOtv Jinja on sale' }).disabled).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('article').textContent).toContain('₦3,800.00fixed price');
  });

  it('says a plan the upstream no longer lists is not for sale, whatever its switch', () => {
    renderPlan(true, { listed: false });
    expect(screen.getByText('Off sale')).toBeTruthy();
    expect(screen.getByRole('article').textContent).toContain('no longer listed by the upstream: not for sale');
  });
});
