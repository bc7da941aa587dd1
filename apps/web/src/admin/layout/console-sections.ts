/**
 * The console's sections in the order of issue 21. A section with a `path` is built and is a
 * link; one without is listed as coming and is not a link, so the menu has no dead ends and
 * the operator sees where the console is going (the command-line tool does those meanwhile).
 */
export interface ConsoleSection {
  label: string;
  path: string | null;
  /** Current on its path exactly, not on the paths under it (the Overview is /admin). */
  exact?: boolean;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { label: 'Overview', path: '/admin', exact: true },
  { label: 'Agents', path: null },
  { label: 'Funding', path: '/admin/funding' },
  { label: 'Orders', path: '/admin/orders' },
  { label: 'Catalogue', path: '/admin/catalog' },
  { label: 'Notifications', path: '/admin/notifications' },
  { label: 'Settings', path: '/admin/settings' },
  { label: 'Operators', path: '/admin/operators' },
  { label: 'Audit', path: '/admin/audit' },
];
