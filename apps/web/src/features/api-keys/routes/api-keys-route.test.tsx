import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TApiKey } from '@agentdesk/contract/api/api-keys';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { ApiKeysRoute } from './api-keys-route';

const KEYS = '/api/v1/agent/api/keys';
const SECRET = `adk_${'A'.repeat(20)}secretPart${'b'.repeat(13)}`;

function key(overrides: Partial<TApiKey> = {}): TApiKey {
  return {
    id: '5f0c9a52-8a41-4c7e-9d1b-2b8f0f6c1a77',
    name: 'Key 1',
    prefix: 'adk_AAAAAAAA',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastUsedAt: null,
    status: 'active',
    allowedIps: [],
    ...overrides,
  };
}

const listOf = (keys: TApiKey[]) => () => json(200, { message: 'OK', data: keys });

function renderScreen() {
  storeSession('live-token');
  return renderRoutes([
    { path: '/', element: <ApiKeysRoute /> },
    { path: '/documentation', element: <p>Docs</p> },
  ]);
}

describe('the API Keys screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists keys with prefix, dates, addresses and status, mirrors the list in the service state, and offers no actions on a revoked key', async () => {
    const keys = [
      key({ lastUsedAt: '2026-11-21T10:30:00.000Z', allowedIps: ['203.0.113.7', '10.0.0.0/8'] }),
      key({ id: 'a2', name: 'Old shop', prefix: 'adk_BBBBBBBB', status: 'revoked' }),
    ];
    mockApi({ [`GET ${KEYS}`]: listOf(keys) });
    const { store } = renderScreen();
    expect(screen.getByRole('status').textContent).toMatch(/Loading your API keys/);

    const list = await screen.findByRole('list', { name: 'API keys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Key 1')).toBeTruthy();
    expect(within(first!).getByText('Active')).toBeTruthy();
    expect(within(first!).getByText('adk_AAAAAAAA…')).toBeTruthy();
    expect(within(first!).getByText('203.0.113.7, 10.0.0.0/8')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Revoke Key 1' })).toBeTruthy();
    expect(within(second!).getByText('Revoked')).toBeTruthy();
    expect(within(second!).getByText('Never')).toBeTruthy();
    expect(within(second!).getByText('Any address')).toBeTruthy();
    expect(within(second!).queryAllByRole('button')).toEqual([]);

    expect(store.getState().service.apiKeys).toEqual(keys);
  });

  it('says when there are no keys yet, and offers to try again after a failure', async () => {
    let fail = true;
    mockApi({
      [`GET ${KEYS}`]: () =>
        fail ? json(500, { message: 'Database down', code: 'INTERNAL' }) : json(200, { message: 'OK', data: [] }),
    });
    renderScreen();
    expect(await screen.findByText(/Could not load your API keys. Database down/)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeTruthy();
  });

  it('generates a key and shows its secret once, with a copy button and a warning; the store never keeps it', async () => {
    let keys: TApiKey[] = [];
    const created = key();
    const { requests } = mockApi({
      [`GET ${KEYS}`]: () => json(200, { message: 'OK', data: keys }),
      [`POST ${KEYS}`]: () => {
        keys = [created];
        return json(201, { message: 'API key generated.', data: { ...created, secret: SECRET } });
      },
    });
    const { store } = renderScreen();
    await screen.findByRole('heading', { name: 'No API keys yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Generate key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByTestId('new-api-key').textContent).toBe(SECRET);
    expect(within(dialog).getByText(/You will not see it again/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy API key' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.headers.get('authorization')).toBe(
      'Bearer live-token',
    );
    await waitFor(() => expect(store.getState().service.apiKeys).toEqual([created]));
    expect(JSON.stringify(store.getState())).not.toContain('secretPart');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain('secretPart');
    expect(await screen.findByText('adk_AAAAAAAA…')).toBeTruthy();
  });

  it('shows the server’s refusal when five keys are active, and disables the button then', async () => {
    const five = Array.from({ length: 5 }, (_, i) => key({ id: `k${i}`, name: `Key ${i + 1}` }));
    mockApi({ [`GET ${KEYS}`]: listOf(five) });
    renderScreen();
    await screen.findByRole('list', { name: 'API keys' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Generate key' }).disabled).toBe(true);
    expect(screen.getByText(/You have 5 active keys/)).toBeTruthy();
  });

  it('revokes only after confirming', async () => {
    const { requests } = mockApi({
      [`GET ${KEYS}`]: listOf([key()]),
      [`DELETE ${KEYS}/${key().id}`]: () => json(200, { message: 'API key revoked', data: key({ status: 'revoked' }) }),
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Key 1' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke API key?' });
    expect(within(confirm).getByText(/stops working at once/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Key 1' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Revoke API key?' })).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('API key revoked')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('edits the allow-list, refusing a bad entry before calling, and renames', async () => {
    const { requests } = mockApi({
      [`GET ${KEYS}`]: listOf([key()]),
      [`PATCH ${KEYS}/${key().id}`]: async (request) =>
        json(200, { message: 'API key updated', data: { ...key(), ...((await request.json()) as object) } }),
    });
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Allowed IPs of Key 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Allowed IP addresses for Key 1' });
    const box = within(dialog).getByLabelText('Allowed IP addresses');
    await user.click(box);
    await user.paste('203.0.113.7\n300.1.1.1');
    await user.click(within(dialog).getByRole('button', { name: 'Save addresses' }));
    expect(within(dialog).getByText(/“300.1.1.1”: Enter an IPv4 or IPv6 address/)).toBeTruthy();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await user.clear(box);
    await user.paste('203.0.113.7\n10.0.0.0/8');
    await user.click(within(dialog).getByRole('button', { name: 'Save addresses' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ allowedIps: ['203.0.113.7', '10.0.0.0/8'] });

    await user.click(screen.getByRole('button', { name: 'Rename Key 1' }));
    const rename = screen.getByRole('dialog', { name: 'Rename API key' });
    const name = within(rename).getByLabelText('Key name');
    await user.clear(name);
    await user.click(within(rename).getByRole('button', { name: 'Save name' }));
    expect(within(rename).getByText('Give the key a name')).toBeTruthy();
    await user.click(name);
    await user.paste('Shop website');
    await user.click(within(rename).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const renamed = requests.filter((request) => request.method === 'PATCH')[1]!;
    expect(await renamed.json()).toEqual({ name: 'Shop website' });
  }, 15_000);
});
