import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ReasonDialog } from './reason-dialog';

const ZBody = z.object({ reason: z.string().trim().min(3, 'Say why, in a few words') });

function renderDialog(send: (reason: string) => Promise<{ severity: 'success'; text: string }>, decided = true) {
  const onDone = vi.fn();
  render(
    <ReasonDialog
      id="test-reason"
      title="Reject this?"
      text="Nothing moves."
      confirm="Reject"
      schema={ZBody}
      send={send}
      whenDecided={decided ? (message) => ({ severity: 'info', text: `${message}. Nothing was done.` }) : undefined}
      onClose={() => {}}
      onDone={onDone}
    />,
  );
  return onDone;
}

/** An RTK Query mutation's rejection as `unwrap()` throws it. */
function refusal(status: number, message: string, errors?: Record<string, string[]>) {
  return { status, data: { message, code: 'X', errors } };
}

describe('the reason dialog', () => {
  it('checks the reason with the endpoint’s schema before sending anything', async () => {
    const send = vi.fn();
    renderDialog(send);
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'no');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Say why, in a few words')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the reason once, however often the form is submitted, and closes with the outcome', async () => {
    let answer!: (value: { severity: 'success'; text: string }) => void;
    const send = vi.fn(() => new Promise<{ severity: 'success'; text: string }>((resolve) => (answer = resolve)));
    const onDone = renderDialog(send);
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'not our money');
    // Twice before React has re-rendered the button as busy: a double tap, a held Enter.
    const form = screen.getByRole('button', { name: 'Reject' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('not our money');
    answer({ severity: 'success', text: 'Rejected.' });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ severity: 'success', text: 'Rejected.' }));
  });

  it('turns a 409 into the outcome "decided elsewhere", closing the dialog with what the server said', async () => {
    const onDone = renderDialog(vi.fn().mockRejectedValue(refusal(409, 'This transfer was already approved')));
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'duplicate report');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        severity: 'info',
        text: 'This transfer was already approved. Nothing was done.',
      }),
    );
  });

  it('keeps the dialog open with the failure when there is no 409 handler, so the operator can try again', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(refusal(409, 'Already suspended'))
      .mockResolvedValueOnce({ severity: 'success', text: 'Done.' });
    const onDone = renderDialog(send, false);
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'fraud report');
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/Already suspended/)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ severity: 'success', text: 'Done.' }));
  });
});
