import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBulkPurchase } from '@agentdesk/contract/purchases/bulk-purchase';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { BulkRoute } from './bulk-route';

const BATCH_ID = '0b6f7c1e-3c0d-4a53-9f5e-6c1d2b7a9e10';

const DATA_SERVICES = [
  ['mtn-data', 'mtn-1gb', 'MTN 1GB', '500.00', '485.00'],
  ['glo-data', 'glo-2gb', 'Glo 2GB', '1000.00', '960.00'],
].map(([id, code, name, faceValue, price]) => ({
  category: 'data',
  id,
  name: id,
  image: null,
  productType: 'fix',
  minAmount: null,
  maxAmount: null,
  discountPercent: '0.00',
  variations: [{ code, name, faceValue, price }],
}));

const batch: TBulkPurchase = {
  id: BATCH_ID,
  status: 'done',
  createdAt: '2026-11-28T00:00:00.000Z',
  counts: { total: 2, queued: 0, pending: 0, delivered: 1, failed: 1 },
  totalCharged: '1445.00',
  rows: [
    {
      index: 0,
      requestId: `bulk-${BATCH_ID}-0`,
      service: 'data',
      network: 'mtn',
      phone: '08031234567',
      planCode: 'mtn-1gb',
      amount: null,
      price: '485.00',
      status: 'delivered',
      charged: true,
      message: null,
    },
    {
      index: 1,
      requestId: `bulk-${BATCH_ID}-1`,
      service: 'data',
      network: 'glo',
      phone: '08051234567',
      planCode: 'glo-2gb',
      amount: null,
      price: '960.00',
      status: 'failed',
      charged: true,
      message: 'The provider could not deliver it. Your wallet was refunded.',
    },
  ],
};

function setup(create: (request: Request) => Response | Promise<Response>) {
  storeSession();
  const api = mockApi({
    'GET /api/v1/agent/services': (request) =>
      json(200, {
        message: 'OK',
        data: new URL(request.url).searchParams.get('category') === 'data' ? DATA_SERVICES : [],
      }),
    'GET /api/v1/agent/wallet/balance': () => json(200, { message: 'OK', data: { availableBalance: '10000.00' } }),
    'GET /api/v1/agent/auth/pin': () => json(200, { message: 'OK', data: { isSet: true, lockedUntil: null } }),
    'POST /api/v1/agent/bulk-purchases': create,
    [`GET /api/v1/agent/bulk-purchases/${BATCH_ID}`]: () => json(200, { message: 'OK', data: batch }),
  });
  const view = renderRoutes(
    [
      { path: '/user/bulk', element: <BulkRoute /> },
      { path: '/user/bulk/:batchId', element: <BulkRoute /> },
    ],
    '/user/bulk',
  );
  return { ...api, ...view };
}

describe('the bulk purchase screen', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('buys data by the plan chosen per network, retries a lost answer with the same key, then shows the results', async () => {
    let calls = 0;
    const { requests, router } = setup(() => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json(201, { message: '2 purchases queued', data: { ...batch, status: 'processing' } });
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Data' }));
    await user.click(screen.getByLabelText('Phone numbers'));
    await user.paste('08031234567\n08051234567');
    expect(await screen.findByText('Choose the MTN plan above')).toBeTruthy();
    await user.selectOptions(await screen.findByLabelText('MTN plan'), 'mtn-1gb');
    await user.selectOptions(screen.getByLabelText('Glo plan'), 'glo-2gb');
    await waitFor(() => expect(screen.queryByText(/rows? ha(s|ve) a problem/)).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Review and pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    await user.type(await within(dialog).findByLabelText('Transaction PIN'), '2468');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦1,445.00' }));
    expect(await screen.findByText('Network error: the server could not be reached.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/bulk/${BATCH_ID}`));
    expect(await screen.findByText('Finished: 1 successful, 1 failed.')).toBeTruthy();
    expect(screen.getByText(/The provider could not deliver it/)).toBeTruthy();

    const sent = await Promise.all(
      requests
        .filter((request) => request.method === 'POST')
        .map(async (request) => (await request.clone().json()) as Record<string, unknown>),
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      service: 'data',
      pin: '2468',
      rows: [
        { network: 'mtn', phone: '08031234567', planCode: 'mtn-1gb' },
        { network: 'glo', phone: '08051234567', planCode: 'glo-2gb' },
      ],
    });
    expect(sent[1]?.clientKey).toBe(sent[0]?.clientKey);
    // Answered: the next bulk purchase gets a new key.
    expect(window.sessionStorage.getItem('agentdesk_bulk_submit')).toBeNull();
  }, 20_000);

  it('reads a CSV file with a header and per-number amounts, and flags what cannot be bought', async () => {
    storeSession();
    mockApi({
      'GET /api/v1/agent/services': () =>
        json(200, {
          message: 'OK',
          data: ['mtn', 'glo', 'airtel', 'etisalat'].map((id) => ({
            ...DATA_SERVICES[0],
            category: 'airtime',
            id,
            productType: 'flexible',
            minAmount: '50.00',
            maxAmount: '50000.00',
            discountPercent: '2.00',
            variations: [],
          })),
        }),
      'GET /api/v1/agent/wallet/balance': () => json(200, { message: 'OK', data: { availableBalance: '1000.00' } }),
      'GET /api/v1/agent/auth/pin': () => json(200, { message: 'OK', data: { isSet: true, lockedUntil: null } }),
    });
    renderRoutes([{ path: '/user/bulk', element: <BulkRoute /> }], '/user/bulk');
    const user = userEvent.setup();
    const file = new File(['phone,amount\n08031234567,500\n08091234567\n0803,200\n'], 'numbers.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByLabelText('Upload a CSV file'), file);
    const rows = await screen.findByRole('list', { name: 'Numbers to buy for' });
    expect(within(rows).getAllByRole('listitem')).toHaveLength(3);
    expect(within(rows).getByText('₦500.00 airtime, you pay ₦490.00')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Network, row 2').value).toBe('9mobile');
    expect(within(rows).getByText('Not a Nigerian mobile number')).toBeTruthy();
    // ₦500 + ₦100 at 2 % off from ₦1,000.
    expect(screen.getByText('₦412.00')).toBeTruthy();
  }, 20_000);
});
