import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TReferrals, TReferredAgent } from '@agentdesk/contract/referrals/list-referrals';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { ReferralRoute } from './referral-route';

function agent(index: number, overrides: Partial<TReferredAgent> = {}): TReferredAgent {
  return {
    id: `usr_${index}`,
    name: `Agent${index} O.`,
    joinedAt: '2026-11-20T10:00:00.000Z',
    earned: '0.00',
    funded: false,
    ...overrides,
  };
}

const PAGE_ONE: TReferrals = {
  code: 'ADA12345',
  linkPath: '/register?ref=ADA12345',
  totals: { referred: 3, earned: '750.00', bonuses: 2 },
  rule: { fundingBonus: '500.00', marginPercent: '10', marginPurchases: 5 },
  agents: [
    agent(3, { name: 'Bola A.', earned: '500.00', funded: true }),
    agent(2, { name: 'Chidi E.', earned: '250.00', funded: true }),
  ],
};

const PAGE_TWO: TReferrals = { ...PAGE_ONE, agents: [agent(1, { name: 'Dayo F.' })] };

function setup(pages: { data: TReferrals; next: string | null }[] | (() => Response)) {
  storeSession();
  const api = mockApi({
    'GET /api/v1/agent/referrals': (request) => {
      if (typeof pages === 'function') return pages();
      const cursor = new URL(request.url).searchParams.get('cursor');
      const page = cursor ? pages[1]! : pages[0]!;
      return json(200, { message: 'OK', data: page.data, meta: { nextCursor: page.next } });
    },
  });
  renderRoutes([{ path: '/user/referral', element: <ReferralRoute /> }], '/user/referral');
  return api;
}

describe('the My Referral page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the code and the full link at once, from the signed-in user', async () => {
    setup(() => new Promise<Response>(() => undefined) as unknown as Response);
    expect(screen.getByTestId('referral-code').textContent).toBe('ADA12345');
    expect(screen.getByTestId('referral-link').textContent).toBe('http://localhost:3000/register?ref=ADA12345');
    expect(await screen.findByRole('status', { name: 'Loading your referrals' })).toBeTruthy();
  });

  it('copies the link and the code', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    setup([{ data: PAGE_ONE, next: null }]);
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith('http://localhost:3000/register?ref=ADA12345');
    expect(await screen.findByText('Link copied')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenLastCalledWith('ADA12345');
  });

  it('shares the link through the phone’s share sheet when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    setup([{ data: PAGE_ONE, next: null }]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Share link' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'http://localhost:3000/register?ref=ADA12345', title: 'Join AgentDesk' }),
    );
  });

  it('shows the totals, the rule and each referred agent with what they earned', async () => {
    setup([{ data: PAGE_ONE, next: null }]);
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Agents referred').nextElementSibling?.textContent).toBe('3');
    expect(within(totals).getByText('Bonuses earned').nextElementSibling?.textContent).toBe('₦750.00');
    expect(within(totals).getByText('Bonus payments').nextElementSibling?.textContent).toBe('2');
    expect(screen.getByTestId('referral-rule').textContent).toBe(
      'You earn ₦500.00 when an agent you referred has their first funding credited, and 10% of their margin on their first 5 purchases.',
    );
    const rows = within(screen.getByRole('list', { name: 'Referred agents' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Bola A.Joined 20 Nov 2026FundedEarned₦500.00',
      'Chidi E.Joined 20 Nov 2026FundedEarned₦250.00',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more referrals' })).toBeNull();
  });

  it('loads more agents with the next cursor', async () => {
    const { requests } = setup([
      { data: PAGE_ONE, next: '7d4f7a52-2f4e-4c1a-9a57-1a2b3c4d5e6f' },
      { data: PAGE_TWO, next: null },
    ]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Load more referrals' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByText('Dayo F.')).toBeTruthy();
    expect(screen.getByText('Not funded yet')).toBeTruthy();
    expect(new URL(requests.at(-1)!.url).searchParams.get('cursor')).toBe('7d4f7a52-2f4e-4c1a-9a57-1a2b3c4d5e6f');
  });

  it('says how to start when nobody has joined yet', async () => {
    setup([{ data: { ...PAGE_ONE, totals: { referred: 0, earned: '0.00', bonuses: 0 }, agents: [] }, next: null }]);
    expect(await screen.findByRole('heading', { name: 'No referrals yet' })).toBeTruthy();
    expect(screen.getByText(/Share your link with other agents/)).toBeTruthy();
  });

  it('shows the server’s message when the list fails, and the link still works', async () => {
    setup(() => json(500, { message: 'Referrals are unavailable', code: 'INTERNAL' }));
    expect(await screen.findByText(/Could not load your referrals. Referrals are unavailable/)).toBeTruthy();
    expect(screen.getByTestId('referral-link').textContent).toBe('http://localhost:3000/register?ref=ADA12345');
  });
});
