import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { lagosToday, StatementDownload } from './statement-download';

const CSV = 'date,reference,description\n2026-11-01T09:00:00+01:00,AD-1,Wallet funding\n';

let saved: { download: string; href: string }[] = [];

beforeEach(() => {
  saved = [];
  // jsdom has no object URLs: lend it the two functions, and catch the link's click.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function setup(answer: (request: Request) => Response | Promise<Response>, props = {}) {
  storeSession('token-1');
  const api = mockApi({ 'GET /api/v1/agent/transactions/statement.csv': answer });
  const view = renderRoutes([{ path: '/', element: <StatementDownload {...props} /> }]);
  return { ...api, ...view };
}

async function openDialog() {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Download statement' }));
  return screen.findByRole('dialog', { name: 'Download statement' });
}

function setDate(dialog: HTMLElement, label: 'From' | 'To', value: string) {
  fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value } });
}

describe('the statement download', () => {
  it('starts at this month in Lagos, fetches the CSV with the bearer token and saves it under the server’s name', async () => {
    const { requests } = setup(
      () =>
        new Response(CSV, {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="statement-2026-11-01-2026-11-22.csv"',
          },
        }),
    );
    const dialog = await openDialog();
    const today = lagosToday();
    expect(within(dialog).getByLabelText<HTMLInputElement>('From', { exact: false }).value).toBe(
      `${today.slice(0, 8)}01`,
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('To', { exact: false }).value).toBe(today);
    setDate(dialog, 'From', '2026-11-01');
    setDate(dialog, 'To', '2026-11-22');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ download: 'statement-2026-11-01-2026-11-22.csv', href: 'blob:statement' });
    const url = new URL(requests[0]!.url);
    expect(url.searchParams.get('from')).toBe('2026-11-01');
    expect(url.searchParams.get('to')).toBe('2026-11-22');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer token-1');
    expect(await screen.findByText('Statement downloaded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes the list’s date filter as its range when one is set', async () => {
    setup(() => new Response(CSV), { initialFrom: '2026-10-05', initialTo: '2026-10-09' });
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText<HTMLInputElement>('From', { exact: false }).value).toBe('2026-10-05');
    expect(within(dialog).getByLabelText<HTMLInputElement>('To', { exact: false }).value).toBe('2026-10-09');
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const { requests } = setup(() => new Response(CSV));
    const dialog = await openDialog();
    setDate(dialog, 'From', '2026-11-10');
    setDate(dialog, 'To', '2026-11-01');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    expect(await within(dialog).findByText('to must not be before from')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('shows the server’s message and the field it names', async () => {
    setup(() =>
      json(422, {
        message: 'to: A statement covers at most 366 days',
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'to', message: 'A statement covers at most 366 days' }],
      }),
    );
    const dialog = await openDialog();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'to: A statement covers at most 366 days',
    );
    expect(within(dialog).getByText('A statement covers at most 366 days')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('ends the session on a 401', async () => {
    const { store } = setup(() => json(401, { message: 'Session expired', code: 'UNAUTHENTICATED' }));
    const dialog = await openDialog();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
  });
});
