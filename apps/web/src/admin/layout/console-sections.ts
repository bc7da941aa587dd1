/** The console's sections in the order of issue 21, each a link of the menu. */
export interface ConsoleSection {
  label: string;
  path: string;
  /** Current on its path exactly, not on the paths under it (the Overview is /admin). */
  exact?: boolean;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { label: 'Overview', path: '/admin', exact: true },
  { label: 'Agents', path: '/admin/agents' },
  { label: 'Funding', path: '/admin/funding' },
  { label: 'Orders', path: '/admin/orders' },
  { label: 'Catalogue', path: '/admin/catalog' },
  { label: 'Upstreams', path: '/admin/upstreams' },
  { label: 'Notifications', path: '/admin/notifications' },
  { label: 'Settings', path: '/admin/settings' },
  { label: 'Operators', path: '/admin/operators' },
  { label: 'Audit', path: '/admin/audit' },
];
