import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { MENU_ITEMS, menuLeaves } from './menu-items';
import { NavMenu } from './nav-menu';

function renderMenu(items = MENU_ITEMS, path = '/services/data') {
  return renderRoutes([{ path: '*', element: <NavMenu items={items} /> }], path);
}

describe('the left menu', () => {
  it("has the spec's groups and items, and the Account group of Step 3 (with saved customers, issue 23)", () => {
    expect(MENU_ITEMS.map((group) => group.title ?? null)).toEqual(['Dashboard', 'Services', 'Account', null]);
    expect(menuLeaves().map((item) => [item.title, item.url])).toEqual([
      ['Dashboard', '/'],
      ['Data', '/services/data'],
      ['Airtime', '/services/airtime'],
      ['Electricity Bill', '/services/electricity'],
      ['Cable Subscription', '/services/cable'],
      ['Result Checker', '/services/result-checker'],
      ['Bulk purchase', '/user/bulk'],
      ['My Referral', '/user/referral'],
      ['Fund Wallet', '/wallet/fund'],
      ['Transactions', '/user/transactions'],
      ['Bank Accounts', '/user/banks'],
      ['Saved Customers', '/user/customers'],
      ['Support', '/more/support'],
      ['Documentation', '/documentation'],
      ['API Keys', '/developer/api-keys'],
      ['Webhooks', '/developer/webhooks'],
    ]);
  });

  it('marks the item of the current route, and a selected item becomes the only open one', async () => {
    const { store } = renderMenu();
    expect(store.getState().customization.isOpen).toEqual(['data']);
    expect(screen.getByRole('link', { name: 'Data' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(screen.getByRole('link', { name: 'Airtime' }));
    expect(store.getState().customization.isOpen).toEqual(['airtime']);
    expect(screen.getByRole('link', { name: 'Airtime' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Data' }).getAttribute('aria-current')).toBeNull();
  });

  it("shows 'Menu Items Error' for a node of unknown type, at the top and inside a group", () => {
    renderMenu([
      { id: 'odd', type: 'banner', title: 'Odd' },
      { id: 'group', type: 'group', title: 'Group', children: [{ id: 'nested', type: 'collapse', title: 'Nested' }] },
    ]);
    expect(screen.getAllByText('Menu Items Error')).toHaveLength(2);
    const group = screen.getByRole('list', { name: 'Group' });
    expect(within(group).getByText('Menu Items Error')).toBeTruthy();
  });
});
