import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { CHANGE_PASSWORD_MESSAGES, ChangePasswordDialog } from './change-password-dialog';

function Panel() {
  const [open, setOpen] = useState(true);
  return open ? <ChangePasswordDialog onClose={() => setOpen(false)} /> : <p>Panel closed</p>;
}

function renderPanel() {
  storeSession('live-token');
  renderRoutes([{ path: '/', element: <Panel /> }]);
  const dialog = screen.getByRole('dialog', { name: 'Change Password' });
  const fill = async (oldPassword: string, newPassword: string, confirm: string) => {
    const user = userEvent.setup();
    const fields = {
      'Old Password': oldPassword,
      'New Password': newPassword,
      'Confirm New Password': confirm,
    };
    for (const [label, value] of Object.entries(fields)) {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      if (value) await user.type(input, value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  };
  return { dialog, fill };
}

describe('the Change Password panel (spec sections 4, 5 and 8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows exactly the spec messages for empty fields and calls nothing', async () => {
    const { fetchMock } = mockApi({});
    const { dialog, fill } = renderPanel();
    await fill('', '', '');
    expect(within(dialog).getByText('Your old is Required')).toBeTruthy();
    expect(within(dialog).getByText('New password is required')).toBeTruthy();
    expect(within(dialog).getByText('Confirm new password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('warns with an info toast on a mismatch and makes no call', async () => {
    const { fetchMock } = mockApi({});
    const { fill } = renderPanel();
    await fill('OldPass#1', 'NewPass#123', 'Different#123');
    const message = await screen.findByText(CHANGE_PASSWORD_MESSAGES.mismatch);
    expect(message.closest('.Toastify__toast--info')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
  });

  it('sends oldPassword and newPassword, toasts the server message and closes on success', async () => {
    const { requests } = mockApi({
      'POST /api/v1/agent/auth/change-password': () => json(200, { message: 'Password changed', data: null }),
    });
    const { fill } = renderPanel();
    await fill('OldPass#1', 'NewPass#123', 'NewPass#123');
    await screen.findByText('Panel closed');
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer live-token');
    expect(await requests[0]?.json()).toEqual({ oldPassword: 'OldPass#1', newPassword: 'NewPass#123' });
  });

  it('keeps the panel open and usable on failure, with the server message', async () => {
    let release: (response: Response) => void = () => undefined;
    mockApi({
      'POST /api/v1/agent/auth/change-password': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    const { dialog, fill } = renderPanel();
    await fill('Wrong#123', 'NewPass#123', 'NewPass#123');
    const submit = within(dialog).getByRole('button', { name: /Update Password/ });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(true));

    release(json(400, { message: 'Your old password is not correct', code: 'WRONG_PASSWORD' }));
    const toast = await screen.findByText('Your old password is not correct');
    expect(toast.closest('.Toastify__toast--error')).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
  });
});
