import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDailySales, TDashboardSummary, TPeriodFigures } from '@agentdesk/contract/dashboard/summary';
import type { TTransaction } from '@agentdesk/contract/transactions/transaction';
import { json, mockApi, renderRoutes, storeSession } from '../test/render';
import { EARLY_ANSWER_KEY } from '../lib/http/early-answer';
import { DashboardRoute } from './dashboard-route';

// jsdom has no canvas: the uPlot chunk is replaced by a marker; the browser test draws the real one.
vi.mock('../features/dashboard/components/sales-chart', () => ({
  default: ({ daily }: { daily: TDailySales[] }) => <div data-testid="sales-chart">{daily.length} days</div>,
}));

const ZERO: TPeriodFigures = { sales: '0.00', cost: '0.00', margin: '0.00', delivered: 0, pending: 0, failed: 0 };

function days(sales: Record<string, Partial<TDailySales['byService']>> = {}): TDailySales[] {
  return Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 9, 24 + index)).toISOString().slice(0, 10);
    const byService = {
      airtime: '0.00',
      data: '0.00',
      electricity: '0.00',
      cable: '0.00',
      'result-checker': '0.00',
      ...sales[date],
    };
    const total = Object.values(byService).reduce((sum, value) => sum + Number(value), 0);
    return { date, total: total.toFixed(2), byService };
  });
}

function transaction(overrides: Partial<TTransaction>): TTransaction {
  return {
    id: 'txn_1',
    ref: 'AD-1',
    name: 'MTN Airtime VTU',
    description: 'MTN Airtime for 08031234567',
    imageUrl: null,
    amount: '490.00',
    direction: 'debit',
    transactionType: 'purchase',
    status: 'success',
    service: 'mtn',
    recipient: '08031234567',
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T09:00:00.000Z',
    details: { balance: { before: '10000.00', after: '9510.00' } },
    ...overrides,
  };
}

const NEW_AGENT: TDashboardSummary = {
  balance: '0.00',
  today: ZERO,
  month: ZERO,
  daily: days(),
  recentTransactions: [],
  unreadNotifications: 0,
  asOf: '2026-11-22T10:00:00.000Z',
  todayDate: '2026-11-22',
};

const BUSY_AGENT: TDashboardSummary = {
  ...NEW_AGENT,
  balance: '48515.00',
  today: { sales: '1500.00', cost: '1485.00', margin: '15.00', delivered: 2, pending: 1, failed: 0 },
  month: { sales: '23500.00', cost: '23010.50', margin: '489.50', delivered: 14, pending: 1, failed: 3 },
  daily: days({
    '2026-11-20': { airtime: '500.00', electricity: '5000.00' },
    '2026-11-22': { airtime: '1000.00', data: '500.00' },
  }),
  recentTransactions: [
    transaction({}),
    transaction({
      id: 'txn_0',
      ref: 'AD-0',
      name: 'Wallet funding',
      transactionType: 'funding',
      direction: 'credit',
      amount: '50000.00',
      recipient: null,
      service: null,
    }),
  ],
};

function setup(summary: TDashboardSummary | (() => Response | Promise<Response>), unread = 0) {
  storeSession();
  const api = mockApi({
    'GET /api/v1/agent/dashboard/summary':
      typeof summary === 'function' ? summary : () => json(200, { message: 'OK', data: summary }),
    'GET /api/v1/agent/wallet/balance': () =>
      json(200, {
        message: 'OK',
        data: { availableBalance: typeof summary === 'function' ? '0.00' : summary.balance },
      }),
    'GET /api/v1/agent/notify/unread-count': () => json(200, { message: 'OK', data: { count: unread } }),
    'GET /api/v1/agent/notify': () =>
      json(200, {
        message: 'OK',
        data: [
          {
            id: 'n2',
            kind: 'refund',
            title: 'Purchase refunded',
            body: '₦490.00 is back',
            createdAt: '2026-11-22T09:00:00.000Z',
            read: false,
          },
          {
            id: 'n1',
            kind: 'funding',
            title: 'Wallet funded',
            body: 'Approved',
            createdAt: '2026-11-21T09:00:00.000Z',
            read: true,
          },
        ],
        meta: { nextCursor: null },
      }),
    'POST /api/v1/agent/notify/read-all': () => json(200, { message: 'All read', data: { marked: 1 } }),
  });
  renderRoutes([{ path: '/', element: <DashboardRoute /> }]);
  return api;
}

/** The value beside a label in a figures card. */
function figure(card: HTMLElement, label: string) {
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('the dashboard home', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows skeletons while the summary loads, and no leftover "next release" text', async () => {
    let release: (response: Response) => void = () => undefined;
    setup(() => new Promise<Response>((resolve) => (release = resolve)));
    expect(await screen.findByTestId('home-skeleton')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your dashboard' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/next release/i);
    release(json(200, { message: 'OK', data: NEW_AGENT }));
    expect(await screen.findByRole('heading', { name: /first sale is two steps away/ })).toBeTruthy();
    expect(screen.queryByTestId('home-skeleton')).toBeNull();
  });

  it('a new agent sees first steps (fund, then airtime), the quick-buy tiles and no figures', async () => {
    setup(NEW_AGENT);
    const steps = await screen.findByRole('region', { name: /first sale is two steps away/ });
    expect(within(steps).getByRole('link', { name: 'Report a transfer' }).getAttribute('href')).toBe('/wallet/fund');
    expect(within(steps).getByRole('link', { name: 'Buy airtime' }).getAttribute('href')).toBe('/services/airtime');
    expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
    expect(screen.queryByTestId('sales-chart')).toBeNull();
    const tiles = within(screen.getByRole('navigation', { name: 'Quick buy' })).getAllByRole('link');
    expect(tiles.map((tile) => [tile.textContent, tile.getAttribute('href')])).toEqual([
      ['Airtime', '/services/airtime'],
      ['Data', '/services/data'],
      ['Electricity', '/services/electricity'],
      ['Cable TV', '/services/cable'],
      ['Exam PINs', '/services/result-checker'],
    ]);
    // The balance card still offers funding.
    expect(
      screen.getAllByRole('link', { name: 'Fund wallet' }).some((link) => link.getAttribute('href') === '/wallet/fund'),
    ).toBe(true);
  });

  it('a funded new agent has the first step ticked', async () => {
    setup({ ...NEW_AGENT, balance: '50000.00', recentTransactions: [BUSY_AGENT.recentTransactions[1]!] });
    const steps = await screen.findByRole('region', { name: /first sale is two steps away/ });
    expect(within(steps).getByText('(done)')).toBeTruthy();
    expect(within(steps).queryByRole('link', { name: 'Report a transfer' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Recent transactions' })).toBeTruthy();
  });

  it('an agent who sells sees today’s and the month’s sales, cost, margin and counts', async () => {
    setup(BUSY_AGENT);
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(figure(today, 'Sales')).toBe('₦1,500.00');
    expect(figure(today, 'Cost')).toBe('₦1,485.00');
    expect(figure(today, 'Margin')).toBe('₦15.00');
    const counts = within(today).getByRole('list', { name: 'Today: purchases by state' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 delivered', '1 pending', '0 failed']);
    const month = screen.getByRole('region', { name: 'This month' });
    expect(figure(month, 'Sales')).toBe('₦23,500.00');
    expect(figure(month, 'Margin')).toBe('₦489.50');
    const monthCounts = within(month).getByRole('list', { name: 'This month: purchases by state' });
    expect(monthCounts.textContent).toBe('14 delivered1 pending3 failed');
    expect(screen.queryByRole('heading', { name: /first sale/ })).toBeNull();
  });

  it('draws the 30-day chart (lazily) with its summary in words and a table of the days with sales', async () => {
    setup(BUSY_AGENT);
    expect((await screen.findByTestId('sales-chart')).textContent).toBe('30 days');
    expect(screen.getByTestId('sales-summary').textContent).toBe(
      'Sales of the last 30 days: ₦7,000.00 (Airtime ₦1,500.00, Data ₦500.00, Electricity ₦5,000.00). Best day 20 Nov, ₦5,500.00.',
    );
    const table = screen.getByRole('table', { name: /Sales by day and service/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'DayAirtimeDataElectricityTotal',
      '20 Nov₦500.00₦0.00₦5,000.00₦5,500.00',
      '22 Nov₦1,000.00₦500.00₦0.00₦1,500.00',
    ]);
  });

  it('fetches the chart’s code only once the chart is about to be seen (below a phone’s first screen)', async () => {
    const observed: { callback: IntersectionObserverCallback; margin?: string }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observed.push({ callback, margin: options?.rootMargin });
        }
        observe() {}
        disconnect() {}
      },
    );
    setup(BUSY_AGENT);
    await screen.findByTestId('sales-summary');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('sales-chart')).toBeNull();
    expect(observed).toHaveLength(1);
    expect(observed[0]?.margin).toBe('200px');
    act(() =>
      observed[0]?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    expect((await screen.findByTestId('sales-chart')).textContent).toBe('30 days');
  });

  it('lists recent transactions with a link to each receipt and to the whole list', async () => {
    setup(BUSY_AGENT);
    const recent = await screen.findByRole('region', { name: 'Recent transactions' });
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('−₦490.00');
    expect(items[1]!.textContent).toContain('+₦50,000.00');
    expect(within(recent).getByRole('link', { name: 'Receipt of MTN Airtime VTU, AD-1' }).getAttribute('href')).toBe(
      '/user/transactions/txn_1/receipt',
    );
    expect(within(recent).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/user/transactions');
  });

  it('shows the unread notifications and marks them all read', async () => {
    const { requests } = setup(BUSY_AGENT, 1);
    const notes = await screen.findByRole('region', { name: '1 unread notification' });
    expect(await within(notes).findByText('Purchase refunded')).toBeTruthy();
    expect(within(notes).queryByText('Wallet funded')).toBeNull();
    await userEvent.setup().click(within(notes).getByRole('button', { name: 'Mark all read' }));
    await vi.waitFor(() =>
      expect(requests.some((request) => request.method === 'POST' && request.url.endsWith('/notify/read-all'))).toBe(
        true,
      ),
    );
  });

  it('says so when the summary cannot be loaded, with the server’s message', async () => {
    setup(() => json(500, { message: 'The database is unavailable', code: 'INTERNAL' }));
    expect(await screen.findByText(/Could not load your sales summary. The database is unavailable/)).toBeTruthy();
  });

  describe('with the answer the prerendered home asked for before the app arrived (decision 047)', () => {
    const SUMMARY_PATH = '/api/v1/agent/dashboard/summary';
    const summaryRequests = (requests: Request[]) =>
      requests.filter((request) => new URL(request.url).pathname === SUMMARY_PATH).length;
    afterEach(() => {
      delete window[EARLY_ANSWER_KEY];
    });

    it('shows that answer and does not ask again', async () => {
      window[EARLY_ANSWER_KEY] = {
        answers: { [SUMMARY_PATH]: Promise.resolve({ message: 'OK', data: BUSY_AGENT }) },
        drawn: Promise.resolve(),
      };
      const api = setup(NEW_AGENT);
      // The early answer is the busy agent's; a request of the home's own would have said new.
      expect(await screen.findByRole('region', { name: 'Today' })).toBeTruthy();
      expect(screen.queryByRole('region', { name: /first sale is two steps away/ })).toBeNull();
      expect(summaryRequests(api.requests)).toBe(0);
      expect(window[EARLY_ANSWER_KEY]?.answers).toEqual({});
    });

    it('asks again when the early request failed, and says what the server says', async () => {
      const failed = Promise.reject(new Error('HTTP 500'));
      failed.catch(() => undefined);
      window[EARLY_ANSWER_KEY] = { answers: { [SUMMARY_PATH]: failed }, drawn: Promise.resolve() };
      const api = setup(() => json(500, { message: 'The database is unavailable', code: 'INTERNAL' }));
      expect(await screen.findByText(/Could not load your sales summary. The database is unavailable/)).toBeTruthy();
      expect(summaryRequests(api.requests)).toBe(1);
    });

    it('says an early answer that is not a summary as an error, with a way to ask again', async () => {
      window[EARLY_ANSWER_KEY] = {
        answers: { [SUMMARY_PATH]: Promise.resolve({ message: 'OK', data: { balance: 'lots' } }) },
        drawn: Promise.resolve(),
      };
      const api = setup(NEW_AGENT);
      expect(await screen.findByText(/Could not load your sales summary/)).toBeTruthy();
      expect(summaryRequests(api.requests)).toBe(0);
      // The same request asked for again (no early answer now) draws the home.
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('region', { name: /first sale is two steps away/ })).toBeTruthy();
      expect(summaryRequests(api.requests)).toBe(1);
    });
  });
});
