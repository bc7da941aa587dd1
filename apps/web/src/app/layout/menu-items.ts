import type { SvgIconComponent } from '@mui/icons-material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import Wifi from '@mui/icons-material/Wifi';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import ElectricBolt from '@mui/icons-material/ElectricBolt';
import LiveTv from '@mui/icons-material/LiveTv';
import School from '@mui/icons-material/School';
import GroupAdd from '@mui/icons-material/GroupAdd';
import MenuBook from '@mui/icons-material/MenuBook';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import AccountBalance from '@mui/icons-material/AccountBalance';
import SupportAgent from '@mui/icons-material/SupportAgent';
import VpnKey from '@mui/icons-material/VpnKey';
import Webhook from '@mui/icons-material/Webhook';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';

/**
 * A node of the left menu. `type` is a plain string on purpose: the menu is data, and a
 * node of a type the renderer does not know shows 'Menu Items Error' instead of crashing.
 */
export interface MenuNode {
  id: string;
  type: string;
  title?: string;
  url?: string;
  icon?: SvgIconComponent;
  children?: MenuNode[];
}

/** Spec section 2's groups and items, plus an Account group (Step 3) before the last group. */
export const MENU_ITEMS: MenuNode[] = [
  {
    id: 'dashboard',
    title: 'Dashboard',
    type: 'group',
    children: [{ id: 'default', title: 'Dashboard', type: 'item', url: '/', icon: DashboardOutlined }],
  },
  {
    id: 'services',
    title: 'Services',
    type: 'group',
    children: [
      { id: 'data', title: 'Data', type: 'item', url: '/services/data', icon: Wifi },
      { id: 'airtime', title: 'Airtime', type: 'item', url: '/services/airtime', icon: PhoneIphone },
      { id: 'electricity', title: 'Electricity Bill', type: 'item', url: '/services/electricity', icon: ElectricBolt },
      { id: 'cable', title: 'Cable Subscription', type: 'item', url: '/services/cable', icon: LiveTv },
      { id: 'result-checker', title: 'Result Checker', type: 'item', url: '/services/result-checker', icon: School },
      { id: 'bulk', title: 'Bulk purchase', type: 'item', url: '/user/bulk', icon: PlaylistAdd },
      { id: 'referral', title: 'My Referral', type: 'item', url: '/user/referral', icon: GroupAdd },
    ],
  },
  {
    id: 'account',
    title: 'Account',
    type: 'group',
    children: [
      { id: 'fund-wallet', title: 'Fund Wallet', type: 'item', url: '/wallet/fund', icon: AccountBalanceWallet },
      { id: 'transactions', title: 'Transactions', type: 'item', url: '/user/transactions', icon: ReceiptLong },
      { id: 'bank-accounts', title: 'Bank Accounts', type: 'item', url: '/user/banks', icon: AccountBalance },
      {
        id: 'saved-customers',
        title: 'Saved Customers',
        type: 'item',
        url: '/user/customers',
        icon: ContactsOutlined,
      },
      { id: 'support', title: 'Support', type: 'item', url: '/more/support', icon: SupportAgent },
    ],
  },
  {
    id: 'others',
    type: 'group',
    children: [
      { id: 'documentation', title: 'Documentation', type: 'item', url: '/documentation', icon: MenuBook },
      { id: 'api-keys', title: 'API Keys', type: 'item', url: '/developer/api-keys', icon: VpnKey },
      { id: 'webhooks', title: 'Webhooks', type: 'item', url: '/developer/webhooks', icon: Webhook },
    ],
  },
];

/** Every item of the menu, in order. */
export function menuLeaves(nodes: MenuNode[] = MENU_ITEMS): MenuNode[] {
  return nodes.flatMap((node) => (node.children ? menuLeaves(node.children) : [node]));
}
