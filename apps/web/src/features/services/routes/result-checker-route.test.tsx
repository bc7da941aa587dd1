import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOrder } from '@agentdesk/contract/purchases/purchase';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { ResultCheckerRoute } from './result-checker-route';

const SERVICES = [
  {
    category: 'result-checker',
    id: 'waec',
    name: 'WAEC Result Checker PIN',
    image: null,
    productType: 'fix',
    minAmount: null,
    maxAmount: null,
    discountPercent: '1.00',
    variations: [{ code: 'waecdirect', name: 'WAEC Result Checker PIN', faceValue: '3900.00', price: '3861.00' }],
  },
  {
    category: 'result-checker',
    id: 'jamb',
    name: 'JAMB PIN (UTME and Direct Entry)',
    image: null,
    productType: 'fix',
    minAmount: null,
    maxAmount: null,
    discountPercent: '1.00',
    variations: [
      { code: 'utme', name: 'UTME PIN', faceValue: '7700.00', price: '7623.00' },
      { code: 'de', name: 'Direct Entry PIN', faceValue: '7700.00', price: '7623.00' },
    ],
  },
];

function jambOrder(requestId: string): TOrder {
  return {
    requestId,
    status: 'delivered',
    service: 'result-checker',
    serviceId: 'jamb',
    productName: 'JAMB UTME PIN (ADA OKAFOR)',
    recipient: '0123456789',
    quantity: 1,
    faceValue: '7700.00',
    price: '7623.00',
    message: 'TRANSACTION SUCCESSFUL',
    result: { token: null, units: null, customerName: null, customerAddress: null, cards: [], pin: '3678251321392432' },
    transactionId: 'txn_1',
    refundTransactionId: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    settledAt: '2026-11-22T10:00:01.000Z',
  };
}

function setup(validate: (request: Request) => Response) {
  storeSession();
  const api = mockApi({
    'GET /api/v1/agent/services': () => json(200, { message: 'OK', data: SERVICES }),
    'GET /api/v1/agent/wallet/balance': () => json(200, { message: 'OK', data: { availableBalance: '10000.00' } }),
    'GET /api/v1/agent/auth/pin': () => json(200, { message: 'OK', data: { isSet: true, lockedUntil: null } }),
    'GET /api/v1/agent/validate/jamb-profile': validate,
    'POST /api/v1/agent/purchases': async (request) => {
      const body = (await request.json()) as { requestId: string };
      return json(201, { message: 'Delivered', data: jambOrder(body.requestId) });
    },
  });
  renderRoutes([{ path: '/', element: <ResultCheckerRoute /> }]);
  return api;
}

async function chooseJamb(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(1));
  await user.selectOptions(screen.getByLabelText('Exam'), 'jamb');
}

describe('the result checker screen, for JAMB', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('verifies the profile ID, shows the candidate, and buys one PIN for it, showing the PIN', async () => {
    const { requests } = setup((request) => {
      const query = new URL(request.url).searchParams;
      return json(200, {
        message: 'Profile found',
        data: {
          customerName: 'ADA OKAFOR',
          profileId: query.get('profile_id'),
          variationCode: query.get('variation_code'),
        },
      });
    });
    const user = userEvent.setup();
    await chooseJamb(user);
    // One PIN per candidate: no quantity to choose.
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    const profile = screen.getByLabelText('Profile ID');
    expect(profile.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByText('The candidate’s JAMB profile ID')).toBeTruthy();
    await user.type(profile, '01234-56789x');
    expect((profile as HTMLInputElement).value).toBe('0123456789');
    await user.type(screen.getByLabelText('Customer phone'), '08031234567');

    // Continue before verifying verifies first, and opens nothing yet.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('ADA OKAFOR')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const lookup = requests.find((request) => request.url.includes('/validate/jamb-profile'))!;
    expect(new URL(lookup.url).searchParams.get('variation_code')).toBe('utme');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(within(dialog).getByText('0123456789')).toBeTruthy();
    expect(within(dialog).getByText('ADA OKAFOR')).toBeTruthy();
    await user.type(await within(dialog).findByLabelText('Transaction PIN'), '2468');
    await user.click(within(dialog).getByRole('button', { name: 'Pay ₦7,623.00' }));

    expect(await screen.findByRole('heading', { name: 'Successful' })).toBeTruthy();
    expect(screen.getByTestId('pin').textContent).toBe('3678251321392432');
    expect(screen.getByRole('button', { name: 'Copy PIN' })).toBeTruthy();
    const posted = requests.find((request) => request.method === 'POST')!;
    expect(await posted.json()).toMatchObject({
      service: 'result-checker',
      exam: 'jamb',
      variationCode: 'utme',
      profileId: '0123456789',
      quantity: 1,
      phone: '08031234567',
    });
    // A long walk through the screen: slow on a busy machine.
  }, 15_000);

  it('says when the profile ID is not found, and asks again after it is changed', async () => {
    setup(() =>
      json(422, {
        message: 'profile_id: Profile ID is not valid',
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'profile_id', message: 'Profile ID is not valid' }],
      }),
    );
    const user = userEvent.setup();
    await chooseJamb(user);
    await user.type(screen.getByLabelText('Profile ID'), '9990000001');
    await user.click(screen.getByRole('button', { name: 'Verify profile ID' }));
    expect(await screen.findByText(/We could not find this profile ID/)).toBeTruthy();
    await user.type(screen.getByLabelText('Profile ID'), '{Backspace}2');
    expect(screen.queryByText(/We could not find this profile ID/)).toBeNull();
  });

  it('checks the profile ID is 10 digits before asking', async () => {
    const { requests } = setup(() => json(500, {}));
    const user = userEvent.setup();
    await chooseJamb(user);
    await user.type(screen.getByLabelText('Profile ID'), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify profile ID' }));
    expect(await screen.findByText('Profile ID is the 10 digits from JAMB')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/validate/jamb-profile'))).toBe(false);
  });
});
