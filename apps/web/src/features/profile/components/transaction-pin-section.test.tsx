import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { TransactionPinSection } from './transaction-pin-section';

const SET = { message: 'OK', data: { isSet: true, lockedUntil: null } };

function render() {
  storeSession('live-token');
  renderRoutes([{ path: '/', element: <TransactionPinSection /> }]);
}

async function body(requests: Request[], path: string) {
  const request = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === path);
  return request ? ((await request.clone().json()) as Record<string, string>) : undefined;
}

describe('the Profile’s Transaction PIN section', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('changes the PIN with the current one, showing the server’s count of tries under it', async () => {
    let calls = 0;
    const { requests } = mockApi({
      'GET /api/v1/agent/auth/pin': () => json(200, SET),
      'POST /api/v1/agent/auth/pin/change': () => {
        calls += 1;
        if (calls === 1) {
          const message = 'Wrong PIN. 4 tries left.';
          return json(400, { message, code: 'WRONG_PIN', errors: [{ path: 'pin', message }] });
        }
        return json(200, { message: 'Your transaction PIN has been changed', data: SET.data });
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change PIN' }));
    const dialog = screen.getByRole('dialog', { name: 'Change transaction PIN' });
    await user.type(within(dialog).getByLabelText('Current PIN'), '1111');
    await user.type(within(dialog).getByLabelText('New PIN'), '2222');
    await user.type(within(dialog).getByLabelText('Confirm new PIN'), '2222');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await within(dialog).findByText('Wrong PIN. 4 tries left.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Current PIN'));
    await user.type(within(dialog).getByLabelText('Current PIN'), '2468');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('Your transaction PIN has been changed')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await body(requests, '/api/v1/agent/auth/pin/change')).toEqual({ currentPin: '1111', newPin: '2222' });
  });

  it('changes it with the password instead', async () => {
    const { requests } = mockApi({
      'GET /api/v1/agent/auth/pin': () => json(200, SET),
      'POST /api/v1/agent/auth/pin/change': () =>
        json(200, { message: 'Your transaction PIN has been changed', data: SET.data }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change PIN' }));
    const dialog = screen.getByRole('dialog', { name: 'Change transaction PIN' });
    await user.click(within(dialog).getByRole('button', { name: 'Password' }));
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await user.type(within(dialog).getByLabelText('New PIN'), '3333');
    await user.type(within(dialog).getByLabelText('Confirm new PIN'), '3333');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('Your transaction PIN has been changed')).toBeTruthy();
    expect(await body(requests, '/api/v1/agent/auth/pin/change')).toEqual({
      password: 'correct horse battery',
      newPin: '3333',
    });
  });

  it('resets a forgotten PIN with a code emailed on request, and shows a pause', async () => {
    const lockedUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    const { requests } = mockApi({
      'GET /api/v1/agent/auth/pin': () => json(200, { message: 'OK', data: { isSet: true, lockedUntil } }),
      'POST /api/v1/agent/auth/pin/reset-code': () =>
        json(200, {
          message: 'A 6-digit code has been sent to ada@example.com. It expires in 10 minutes.',
          data: null,
        }),
      'POST /api/v1/agent/auth/pin/reset': () =>
        json(200, { message: 'Your transaction PIN has been reset', data: SET.data }),
    });
    render();
    expect(await screen.findByText(/Too many wrong PINs\. Purchases are paused until/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot PIN?' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset transaction PIN' });
    await user.click(within(dialog).getByRole('button', { name: 'Email me a code' }));
    expect(await within(dialog).findByText(/sent to ada@example.com/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Code from the email'), '123456');
    await user.type(within(dialog).getByLabelText('New PIN'), '4444');
    await user.type(within(dialog).getByLabelText('Confirm new PIN'), '4444');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('Your transaction PIN has been reset')).toBeTruthy();
    expect(await body(requests, '/api/v1/agent/auth/pin/reset')).toEqual({ code: '123456', newPin: '4444' });
  });
});
