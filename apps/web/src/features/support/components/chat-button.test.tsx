import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { ChatButton } from './chat-button';

function renderButton() {
  storeSession('live-token');
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  renderRoutes([{ path: '/', element: <ChatButton /> }]);
  return { open, button: screen.getByRole('button', { name: 'Chat with support' }) };
}

describe('the chat button', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens https://wa.me/<number> in a new window', async () => {
    const { requests } = mockApi({
      'GET /api/v1/agent/support': () => json(200, { message: 'OK', data: [{ link: 'whatsapp=2348012345678' }] }),
    });
    const { open, button } = renderButton();
    await userEvent.click(button);
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://wa.me/2348012345678', '_blank', 'noopener,noreferrer'),
    );
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer live-token');
  });

  it.each([
    ['an empty list', () => json(200, { message: 'OK', data: [] })],
    ['a server error', () => json(500, { message: 'Boom', code: 'INTERNAL' })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('does nothing, silently, on %s', async (_case, answer) => {
    const { fetchMock } = mockApi({ 'GET /api/v1/agent/support': answer });
    const { open, button } = renderButton();
    await userEvent.click(button);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(open).not.toHaveBeenCalled();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
