import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAuditEntry } from '@agentdesk/contract/admin/audit';
import { json, mockApi } from '../../test/render';
import { createAdminStore } from '../store';
import { AuditTrail } from './audit-trail';

const AGENT_ID = '0b5f4a52-5d1e-4a57-9f1c-2b8f4ad3c001';

const ENTRY: TAuditEntry = {
  id: '7d0c3a52-0000-4000-8000-000000000001',
  at: '2026-11-25T09:30:00.000Z',
  operator: { id: '7d0c3a52-0000-4000-8000-0000000000aa', username: 'ngozi' },
  operatorRole: 'finance',
  action: 'wallet.adjust',
  target: { type: 'adjustment', id: 'adj-1' },
  agentId: AGENT_ID,
  ip: '203.0.113.9',
  userAgent: 'Chromium',
  before: { balance: '1000.00' },
  after: { balance: '6000.00' },
  reason: 'Transfer credited by hand',
};

function renderTrail(targetType: 'agent' | 'order', targetId: string) {
  const store = createAdminStore({
    operatorSession: { token: 'op-token', expiresAt: null, operator: null, ended: null },
  });
  const router = createMemoryRouter(
    [{ path: '*', element: <AuditTrail targetType={targetType} targetId={targetId} /> }],
    { initialEntries: ['/admin/agents/x'] },
  );
  return render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('an agent’s or order’s audit trail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the log for the agent’s actions and shows who did what, with before and after', async () => {
    const { requests } = mockApi({
      'GET /api/v1/admin/audit': () => json(200, { message: 'OK', data: [ENTRY], meta: { nextCursor: null } }),
    });
    renderTrail('agent', AGENT_ID);
    const entry = await screen.findByRole('article', { name: 'Adjusted a wallet' });
    expect(entry.textContent).toContain('ngozi (finance)');
    expect(entry.textContent).toContain('203.0.113.9');
    expect(entry.textContent).toContain('Transfer credited by hand');
    const row = within(entry).getByRole('row', { name: /Balance/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1000.00', '6000.00']);
    const url = new URL(requests[0]!.url);
    expect(url.searchParams.get('agentId')).toBe(AGENT_ID);
    expect(url.searchParams.get('targetType')).toBeNull();
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer op-token');
    expect(screen.getByRole('link', { name: 'Open in the audit log' }).getAttribute('href')).toBe(
      `/admin/audit?agentId=${AGENT_ID}`,
    );
  });

  it('asks for an order’s by its target, and says when there is nothing yet', async () => {
    const { requests } = mockApi({
      'GET /api/v1/admin/audit': () => json(200, { message: 'OK', data: [], meta: { nextCursor: null } }),
    });
    renderTrail('order', 'ord-42');
    await screen.findByRole('heading', { name: 'No operator actions yet' });
    const url = new URL(requests[0]!.url);
    expect(url.searchParams.get('targetType')).toBe('order');
    expect(url.searchParams.get('targetId')).toBe('ord-42');
  });

  it('pages by cursor: "Load older entries" asks for the rows after the last one shown', async () => {
    const older: TAuditEntry = { ...ENTRY, id: '7d0c3a52-0000-4000-8000-000000000002', action: 'agent.suspend' };
    const { requests } = mockApi({
      'GET /api/v1/admin/audit': (request) =>
        new URL(request.url).searchParams.get('cursor') === ENTRY.id
          ? json(200, { message: 'OK', data: [older], meta: { nextCursor: null } })
          : json(200, { message: 'OK', data: [ENTRY], meta: { nextCursor: ENTRY.id } }),
    });
    renderTrail('agent', AGENT_ID);
    await screen.findByRole('article', { name: 'Adjusted a wallet' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load older entries' }));
    await screen.findByRole('article', { name: 'Suspended an agent' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load older entries' })).toBeNull();
    const cursors = requests.map((request) => new URL(request.url).searchParams.get('cursor'));
    expect(cursors).toEqual([null, ENTRY.id]);
  });

  it('says so when the log cannot be read', async () => {
    mockApi({
      'GET /api/v1/admin/audit': () => json(500, { message: 'Internal error', code: 'INTERNAL' }),
    });
    renderTrail('order', 'ord-43');
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the audit log.');
  });
});
