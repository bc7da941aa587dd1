import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOrder } from '@agentdesk/contract/purchases/purchase';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { AirtimeRoute } from './airtime-route';

const SERVICES = ['mtn', 'glo', 'airtel', 'etisalat'].map((id) => ({
  category: 'airtime',
  id,
  name: `${id} Airtime VTU`,
  image: null,
  productType: 'flexible',
  minAmount: '50.00',
  maxAmount: '50000.00',
  discountPercent: '2.00',
  variations: [],
}));

function order(requestId: string): TOrder {
  return {
    requestId,
    status: 'delivered',
    service: 'airtime',
    serviceId: 'mtn',
    productName: 'MTN Airtime ₦500.00',
    recipient: '08031234567',
    quantity: 1,
    faceValue: '500.00',
    price: '490.00',
    message: 'Delivered to 08031234567',
    result: { token: null, units: null, customerName: null, customerAddress: null, cards: [], pin: null },
    transactionId: 'txn_1',
    refundTransactionId: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    settledAt: '2026-11-22T10:00:01.000Z',
  };
}

function setup(purchases: (request: Request) => Response | Promise<Response>) {
  storeSession();
  const api = mockApi({
    'GET /api/v1/agent/services': () => json(200, { message: 'OK', data: SERVICES }),
    'GET /api/v1/agent/wallet/balance': () => json(200, { message: 'OK', data: { availableBalance: '10000.00' } }),
    'GET /api/v1/agent/auth/pin': () => json(200, { message: 'OK', data: { isSet: true, lockedUntil: null } }),
    'POST /api/v1/agent/purchases': purchases,
  });
  renderRoutes([{ path: '/', element: <AirtimeRoute /> }]);
  return api;
}

async function bodies(requests: Request[]) {
  return Promise.all(
    requests
      .filter((request) => request.method === 'POST')
      .map(async (request) => (await request.clone().json()) as Record<string, string>),
  );
}

describe('the airtime screen', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('guesses the network from the number, lets the agent override it, and checks the amount', async () => {
    setup(() => json(500, {}));
    // Busy until the networks and their limits are in (what a screen reader, and a check, waits for).
    const form = document.querySelector('form');
    expect(form?.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(form?.getAttribute('aria-busy')).toBe('false'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '08051234567');
    expect(screen.getByRole('button', { name: 'Glo' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'MTN' }));
    expect(screen.getByRole('button', { name: 'MTN' }).getAttribute('aria-pressed')).toBe('true');
    await user.type(screen.getByLabelText('Amount (₦)'), '20');
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The minimum is ₦50.00')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirms with face value, price and balance after, and retries a lost answer with the same requestId', async () => {
    let calls = 0;
    const { requests } = setup(async (request) => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      const body = (await request.json()) as { requestId: string };
      return json(201, { message: 'Airtime delivered', data: order(body.requestId) });
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: '₦500' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(within(dialog).getByText('₦500.00')).toBeTruthy();
    expect(within(dialog).getByText('₦490.00')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText('₦9,510.00')).toBeTruthy());

    await user.type(await within(dialog).findByLabelText('Transaction PIN'), '2468');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦490.00' }));
    expect(await screen.findByText('Network error: the server could not be reached.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Successful' })).toBeTruthy();
    const sent = await bodies(requests);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ service: 'airtime', network: 'mtn', phone: '08031234567', amount: '500.00' });
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
    // The PIN typed once is sent with the retry too.
    expect(sent.map((body) => body.pin)).toEqual(['2468', '2468']);

    // The recipient is remembered, and a new purchase gets a new requestId.
    await user.click(screen.getByRole('button', { name: 'New purchase' }));
    expect(screen.getByRole('button', { name: 'Use 08031234567' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Transaction PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Pay ₦490.00' }));
    await screen.findByRole('heading', { name: 'Successful' });
    const again = await bodies(requests);
    expect(again[2]?.requestId).not.toBe(sent[0]?.requestId);
    // Two whole purchases typed through: 2.3 s alone, past the default 5 s beside the browser files.
  }, 15_000);

  it('shows the server message when the balance is short and closes the confirmation', async () => {
    setup(() => json(402, { message: 'Your wallet balance is not enough for this.', code: 'INSUFFICIENT_FUNDS' }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.type(screen.getByLabelText('Amount (₦)'), '1000');
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Transaction PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Pay ₦980.00' }));
    expect(await screen.findByText('Your wallet balance is not enough for this.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
