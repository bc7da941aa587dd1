import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import type { TAdminFundingAccount } from '../api/settings';
import { createAdminStore } from '../store';
import { FundingAccounts } from './funding-accounts';

const account = (overrides: Partial<TAdminFundingAccount>): TAdminFundingAccount => ({
  id: 'a1',
  bankName: 'GTBank',
  bankCode: '058',
  accountNumber: '0123456785',
  accountName: 'AgentDesk Collections',
  instructions: '',
  charge: { flat: '50.00', percent: '1.50' },
  minimum: '1000.00',
  active: true,
  createdAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

function renderAccounts(accounts: TAdminFundingAccount[], may: boolean) {
  return render(
    <Provider store={createAdminStore()}>
      <FundingAccounts accounts={accounts} mayAdd={may} mayDisable={may} />
    </Provider>,
  );
}

describe('the funding accounts in the console’s settings', () => {
  it('shows each account’s state and charge, and offers an owner to add one and disable an offered one', () => {
    renderAccounts([account({}), account({ id: 'a2', accountNumber: '1012345678', active: false })], true);
    const [offered, disabled] = within(screen.getByRole('list', { name: 'Funding accounts' })).getAllByRole('listitem');
    expect(offered!.textContent).toContain('Charge: ₦50.00 + 1.5 % · Minimum ₦1,000.00');
    expect(within(offered!).getByText('Offered')).toBeTruthy();
    expect(within(offered!).getByRole('button', { name: 'Disable GTBank 0123456785' })).toBeTruthy();
    expect(within(disabled!).getByText('Disabled')).toBeTruthy();
    expect(within(disabled!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a bank account' })).toBeTruthy();
  });

  it('offers no change to a role that may not make one, and says when there is no account', () => {
    const { unmount } = renderAccounts([account({})], false);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderAccounts([], false);
    expect(screen.getByText(/No bank account yet/)).toBeTruthy();
  });
});
