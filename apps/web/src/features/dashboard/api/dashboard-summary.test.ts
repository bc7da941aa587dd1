import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDashboardSummary } from '@agentdesk/contract/dashboard/summary';
import { createAppStore } from '../../../app/store';
import { json, mockApi, storeSession } from '../../../test/render';
import { dashboardSummary } from './dashboard-summary-parser';
import { DASHBOARD_SUMMARY_PATH, dashboardSummarySettled, prefetchDashboardSummary } from './dashboard-summary';

const ZERO = { sales: '0.00', cost: '0.00', margin: '0.00', delivered: 0, pending: 0, failed: 0 };
const SUMMARY: TDashboardSummary = {
  balance: '0.00',
  today: ZERO,
  month: ZERO,
  daily: [],
  recentTransactions: [],
  unreadNotifications: 0,
  asOf: '2026-11-22T10:00:00.000Z',
  todayDate: '2026-11-22',
};

describe('the dashboard summary endpoint', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for the contract’s path, spelled without loading the schema', () => {
    expect(DASHBOARD_SUMMARY_PATH).toBe(dashboardSummary.path);
    expect(dashboardSummary.method).toBe('GET');
  });

  it('says at once that nothing is under way when nobody asked', async () => {
    storeSession();
    const store = createAppStore();
    const settled = vi.fn();
    void dashboardSummarySettled(store, 60_000).then(settled);
    await Promise.resolve();
    expect(settled).toHaveBeenCalled();
  });

  it('settles once the answer asked for is in the store', async () => {
    storeSession();
    let answer: (response: Response) => void = () => undefined;
    mockApi({ [`GET ${DASHBOARD_SUMMARY_PATH}`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const store = createAppStore();
    store.dispatch(prefetchDashboardSummary());
    const settled = vi.fn();
    const waiting = dashboardSummarySettled(store, 60_000).then(settled);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).not.toHaveBeenCalled();
    answer(json(200, { message: 'OK', data: SUMMARY }));
    await waiting;
    const { api } = store.getState();
    const entry = Object.values(api.queries).find((query) => query?.endpointName === 'dashboardSummary');
    expect(entry?.status).toBe('fulfilled');
  });

  it('stops waiting after the time it was given, when the answer is slow', async () => {
    storeSession();
    mockApi({ [`GET ${DASHBOARD_SUMMARY_PATH}`]: () => new Promise<Response>(() => undefined) });
    const store = createAppStore();
    store.dispatch(prefetchDashboardSummary());
    const started = Date.now();
    await dashboardSummarySettled(store, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const entry = Object.values(store.getState().api.queries).find(
      (query) => query?.endpointName === 'dashboardSummary',
    );
    expect(entry?.status).toBe('pending');
  });
});
