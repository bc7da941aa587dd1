import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOrder } from '@agentdesk/contract/purchases/purchase';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { AirtimeRoute } from '../routes/airtime-route';

const SERVICES = [
  {
    category: 'airtime',
    id: 'mtn',
    name: 'MTN Airtime VTU',
    image: null,
    productType: 'flexible',
    minAmount: '50.00',
    maxAmount: '50000.00',
    discountPercent: '2.00',
    variations: [],
  },
];

function order(requestId: string, status: TOrder['status'] = 'delivered'): TOrder {
  return {
    requestId,
    status,
    service: 'airtime',
    serviceId: 'mtn',
    productName: 'MTN Airtime ₦500.00',
    recipient: '08031234567',
    quantity: 1,
    faceValue: '500.00',
    price: '490.00',
    message: null,
    result: { token: null, units: null, customerName: null, customerAddress: null, cards: [], pin: null },
    transactionId: 'txn_1',
    refundTransactionId: null,
    createdAt: new Date().toISOString(),
    settledAt: status === 'pending' ? null : new Date().toISOString(),
  };
}

function setup(routes: Record<string, (request: Request) => Response | Promise<Response>>) {
  storeSession();
  const api = mockApi({
    'GET /api/v1/agent/services': () => json(200, { message: 'OK', data: SERVICES }),
    'GET /api/v1/agent/wallet/balance': () => json(200, { message: 'OK', data: { availableBalance: '10000.00' } }),
    ...routes,
  });
  renderRoutes([{ path: '/', element: <AirtimeRoute /> }]);
  return api;
}

async function openConfirmation() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Phone number'), '08031234567');
  await user.click(screen.getByRole('button', { name: '₦500' }));
  await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled).toBe(false));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Confirm purchase' }) };
}

const posted = async (requests: Request[], path: string) =>
  Promise.all(
    requests
      .filter((request) => request.method === 'POST' && new URL(request.url).pathname === path)
      .map(async (request) => (await request.clone().json()) as Record<string, string>),
  );

describe('the transaction PIN in the purchase confirmation', { timeout: 20_000 }, () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for a masked numeric PIN, keeps the dialog open on a wrong one, and pays with the right one', async () => {
    let tries = 0;
    const { requests } = setup({
      'GET /api/v1/agent/auth/pin': () => json(200, { message: 'OK', data: { isSet: true, lockedUntil: null } }),
      'POST /api/v1/agent/purchases': async (request) => {
        const body = (await request.json()) as { requestId: string; pin: string };
        tries += 1;
        if (body.pin !== '2468') {
          const message = 'Wrong PIN. 4 tries left.';
          return json(400, { message, code: 'WRONG_PIN', errors: [{ path: 'pin', message }] });
        }
        return json(201, { message: 'Purchase successful', data: order(body.requestId) });
      },
    });
    const { user, dialog } = await openConfirmation();
    let pin = await within(dialog).findByLabelText<HTMLInputElement>('Transaction PIN');
    expect(pin.type).toBe('password');
    expect(pin.inputMode).toBe('numeric');
    expect(pin.maxLength).toBe(4);
    await waitFor(() => expect(document.activeElement).toBe(pin));

    // Incomplete: said before anything is sent.
    await user.type(pin, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦490.00' }));
    expect(await within(dialog).findByText('Enter your 4-digit PIN')).toBeTruthy();
    expect(tries).toBe(0);

    await user.type(pin, 'ab34');
    expect(pin.value).toBe('1234');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦490.00' }));
    expect(await within(dialog).findByText('Wrong PIN. 4 tries left.')).toBeTruthy();
    // The field is drawn afresh for the next try: empty, and with the focus.
    pin = within(dialog).getByLabelText<HTMLInputElement>('Transaction PIN');
    expect(pin.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(pin));
    expect(screen.getByRole('dialog', { name: 'Confirm purchase' })).toBeTruthy();

    await user.type(pin, '2468');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦490.00' }));
    expect(await screen.findByRole('heading', { name: 'Successful' })).toBeTruthy();
    const sent = await posted(requests, '/api/v1/agent/purchases');
    expect(sent.map((body) => body.pin)).toEqual(['1234', '2468']);
  });

  it('has a new agent choose and confirm a PIN, sets it, then pays with it', async () => {
    const { requests } = setup({
      'GET /api/v1/agent/auth/pin': () => json(200, { message: 'OK', data: { isSet: false, lockedUntil: null } }),
      'POST /api/v1/agent/auth/pin': () =>
        json(201, { message: 'Your transaction PIN is set', data: { isSet: true, lockedUntil: null } }),
      'POST /api/v1/agent/purchases': async (request) => {
        const body = (await request.json()) as { requestId: string };
        return json(201, { message: 'Purchase successful', data: order(body.requestId) });
      },
    });
    const { user, dialog } = await openConfirmation();
    expect(await within(dialog).findByText(/Choose a 4-digit transaction PIN/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('New PIN'), '5678');
    await user.type(within(dialog).getByLabelText('Confirm new PIN'), '5679');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦490.00' }));
    expect(await within(dialog).findByText('The two PINs are not the same')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Confirm new PIN'));
    await user.type(within(dialog).getByLabelText('Confirm new PIN'), '5678');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦490.00' }));
    expect(await screen.findByRole('heading', { name: 'Successful' })).toBeTruthy();
    expect(await posted(requests, '/api/v1/agent/auth/pin')).toEqual([{ pin: '5678' }]);
    expect((await posted(requests, '/api/v1/agent/purchases'))[0]?.pin).toBe('5678');
  });

  it('says in words that purchases are paused after too many wrong PINs', async () => {
    setup({
      'GET /api/v1/agent/auth/pin': () => json(200, { message: 'OK', data: { isSet: true, lockedUntil: null } }),
      'POST /api/v1/agent/purchases': () => {
        const message = 'Too many wrong PINs. Purchases are paused for 15 minutes.';
        return json(423, { message, code: 'PIN_LOCKED', errors: [{ path: 'pin', message }] });
      },
    });
    const { user, dialog } = await openConfirmation();
    await user.type(await within(dialog).findByLabelText('Transaction PIN'), '1111');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦490.00' }));
    expect(await within(dialog).findByText('Too many wrong PINs. Purchases are paused for 15 minutes.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Forgot your PIN?' }).getAttribute('href')).toBe(
      '/user/profile#transaction-pin',
    );
  });

  it('re-checks a pending purchase from its result, and shows what the provider said', async () => {
    const id = '0b6f7c1e-3c0d-4a53-9f5e-6c1d2b7a9e10';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(id);
    const { requests } = setup({
      'GET /api/v1/agent/auth/pin': () => json(200, { message: 'OK', data: { isSet: true, lockedUntil: null } }),
      'POST /api/v1/agent/purchases': async (request) => {
        const body = (await request.json()) as { requestId: string };
        return json(201, { message: 'Processing', data: order(body.requestId, 'pending') });
      },
      [`GET /api/v1/agent/purchases/${id}`]: () => json(200, { message: 'Processing', data: order(id, 'pending') }),
      [`POST /api/v1/agent/purchases/${id}/recheck`]: () =>
        json(200, { message: 'Purchase successful', data: order(id, 'delivered') }),
    });
    const { user, dialog } = await openConfirmation();
    await user.type(await within(dialog).findByLabelText('Transaction PIN'), '2468');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦490.00' }));
    expect(await screen.findByRole('heading', { name: 'Pending' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Re-check status' }));
    expect(await screen.findByRole('heading', { name: 'Successful' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Re-check status' })).toBeNull();
    expect(requests.some((request) => request.url.endsWith('/recheck'))).toBe(true);
  });
});
