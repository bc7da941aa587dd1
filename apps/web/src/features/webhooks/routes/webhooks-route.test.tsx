import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TWebhookDelivery, TWebhookSettings } from '@agentdesk/contract/api/webhooks';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { WebhooksRoute } from './webhooks-route';

const WEBHOOK = '/api/v1/agent/api/webhook';
const SECRET = `whsec_${'A'.repeat(20)}secretPart${'b'.repeat(13)}`;
const NONE: TWebhookSettings = { url: null, enabled: false, secretPrefix: null, updatedAt: null };
const SAVED: TWebhookSettings = {
  url: 'https://shop.example.com/hook',
  enabled: true,
  secretPrefix: 'whsec_AAAAAA',
  updatedAt: '2026-11-22T08:00:00.000Z',
};

function delivery(overrides: Partial<TWebhookDelivery> = {}): TWebhookDelivery {
  return {
    id: '7',
    eventId: 'evt_abc',
    eventType: 'purchase.delivered',
    status: 'delivered',
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    nextAttemptAt: null,
    createdAt: '2026-11-22T08:00:00.000Z',
    deliveredAt: '2026-11-22T08:00:01.000Z',
    ...overrides,
  };
}

const page = (data: TWebhookDelivery[], nextCursor: string | null = null) =>
  json(200, { message: 'OK', data, meta: { nextCursor } });

function renderScreen() {
  storeSession('live-token');
  return renderRoutes([
    { path: '/', element: <WebhooksRoute /> },
    { path: '/documentation', element: <p>Docs</p> },
  ]);
}

describe('the Webhooks screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the URL before sending, saves, and shows the new secret once with a copy button and a warning', async () => {
    let settings = NONE;
    const { requests } = mockApi({
      [`GET ${WEBHOOK}`]: () => json(200, { message: 'OK', data: settings }),
      [`GET ${WEBHOOK}/deliveries`]: () => page([]),
      [`PUT ${WEBHOOK}`]: () => {
        settings = SAVED;
        return json(200, { message: 'Webhook saved.', data: { ...SAVED, secret: SECRET } });
      },
    });
    const { store } = renderScreen();
    expect(await screen.findByRole('heading', { name: 'No deliveries yet' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send test event' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Rotate secret' }).disabled).toBe(true);

    const url = screen.getByRole('textbox', { name: 'Webhook URL' });
    // Pasted rather than typed key by key: the same events for the form, a fraction of the time.
    await userEvent.click(url);
    await userEvent.paste('not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Enter a full URL starting with https:\/\//)).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await userEvent.clear(url);
    await userEvent.paste('https://shop.example.com/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect(within(dialog).getByTestId('webhook-secret').textContent).toBe(SECRET);
    expect(within(dialog).getByText(/You will not see it again/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy signing secret' })).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toEqual({ url: 'https://shop.example.com/hook', enabled: true });
    expect(JSON.stringify(store.getState())).not.toContain('secretPart');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain('secretPart');
    expect((await screen.findByTestId('secret-prefix')).textContent).toBe('whsec_AAAAAA…');
    // The first render also loads MUI's form parts: slow on a busy machine.
  }, 15_000);

  it('shows the server’s refusal under the URL field', async () => {
    mockApi({
      [`GET ${WEBHOOK}`]: () => json(200, { message: 'OK', data: NONE }),
      [`GET ${WEBHOOK}/deliveries`]: () => page([]),
      [`PUT ${WEBHOOK}`]: () =>
        json(422, {
          message: 'url: Webhook URL must use https',
          code: 'VALIDATION_FAILED',
          errors: [{ path: 'url', message: 'Webhook URL must use https' }],
        }),
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('textbox', { name: 'Webhook URL' }));
    await userEvent.paste('http://shop.example.com/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByRole('textbox', { name: 'Webhook URL' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Webhook URL must use https').length).toBeGreaterThan(0);
  });

  it('rotates only after confirming, and shows the new secret once', async () => {
    const { requests } = mockApi({
      [`GET ${WEBHOOK}`]: () => json(200, { message: 'OK', data: SAVED }),
      [`GET ${WEBHOOK}/deliveries`]: () => page([]),
      [`POST ${WEBHOOK}/rotate-secret`]: () => json(200, { message: 'New secret', data: { secret: SECRET } }),
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const confirm = screen.getByRole('dialog', { name: 'Rotate signing secret?' });
    expect(within(confirm).getByText(/\(whsec_AAAAAA…\) stops verifying at once/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(requests.some((request) => request.url.endsWith('/rotate-secret'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rotate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new signing secret' });
    expect(within(dialog).getByTestId('webhook-secret').textContent).toBe(SECRET);
    expect(within(dialog).getByText(/The old secret no longer verifies/)).toBeTruthy();
  });

  it('sends a test event, says how it went, and refreshes the log', async () => {
    let rows: TWebhookDelivery[] = [];
    mockApi({
      [`GET ${WEBHOOK}`]: () => json(200, { message: 'OK', data: SAVED }),
      [`GET ${WEBHOOK}/deliveries`]: () => page(rows),
      [`POST ${WEBHOOK}/test`]: () => {
        rows = [delivery({ eventType: 'test', eventId: 'evt_test1' })];
        return json(200, { message: 'Test event delivered (HTTP 200)', data: rows[0] });
      },
    });
    renderScreen();
    await screen.findByRole('heading', { name: 'No deliveries yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    expect((await screen.findByText(/Test event delivered: your receiver answered HTTP 200/)).textContent).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Webhook deliveries' });
    const [row] = within(table).getAllByTestId('delivery-row');
    expect(within(row!).getByText('Test event')).toBeTruthy();
    expect(within(row!).getByText('evt_test1')).toBeTruthy();
    expect(within(row!).getByText('Delivered')).toBeTruthy();
    expect(within(row!).getByText('200')).toBeTruthy();
  });

  it('lists deliveries with their state and loads more by cursor; says when the log cannot load', async () => {
    const { requests } = mockApi({
      [`GET ${WEBHOOK}`]: () => json(200, { message: 'OK', data: SAVED }),
      [`GET ${WEBHOOK}/deliveries`]: (request) =>
        new URL(request.url).searchParams.get('cursor') === 'next'
          ? page([delivery({ id: '1', eventId: 'evt_old', eventType: 'purchase.failed' })])
          : page(
              [
                delivery({
                  id: '2',
                  eventId: 'evt_retry',
                  status: 'pending',
                  attempts: 2,
                  lastStatusCode: 500,
                  lastError: 'HTTP 500',
                  nextAttemptAt: '2026-11-22T08:05:00.000Z',
                  deliveredAt: null,
                }),
              ],
              'next',
            ),
    });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Webhook deliveries' });
    const [retrying] = within(table).getAllByTestId('delivery-row');
    expect(within(retrying!).getByText('Retrying')).toBeTruthy();
    expect(within(retrying!).getByText('HTTP 500')).toBeTruthy();
    expect(within(retrying!).getByText('500')).toBeTruthy();
    expect(within(retrying!).getByText('2')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more deliveries' }));
    await waitFor(() => expect(within(table).getAllByTestId('delivery-row')).toHaveLength(2));
    expect(within(table).getByText('Purchase failed')).toBeTruthy();
    expect(requests.some((request) => new URL(request.url).searchParams.get('cursor') === 'next')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more deliveries' })).toBeNull();
  });

  it('offers to try again when the settings or the log fail to load', async () => {
    let fail = true;
    mockApi({
      [`GET ${WEBHOOK}`]: () =>
        fail ? json(500, { message: 'Database down', code: 'INTERNAL' }) : json(200, { message: 'OK', data: NONE }),
      [`GET ${WEBHOOK}/deliveries`]: () =>
        fail ? json(500, { message: 'Database down', code: 'INTERNAL' }) : page([]),
    });
    renderScreen();
    expect(await screen.findByText(/Could not load your webhook. Database down/)).toBeTruthy();
    expect(await screen.findByText(/Could not load the delivery log. Database down/)).toBeTruthy();
    fail = false;
    for (const button of screen.getAllByRole('button', { name: 'Try again' })) await userEvent.click(button);
    expect(await screen.findByRole('textbox', { name: 'Webhook URL' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No deliveries yet' })).toBeTruthy();
  });
});
