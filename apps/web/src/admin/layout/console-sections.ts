/**
 * The console's sections in the order of issue 21. A section with a `path` is built and is a
 * link; one without is listed as coming and is not a link, so the menu has no dead ends and
 * the operator sees where the console is going (the command-line tool does those meanwhile).
 */
export interface ConsoleSection {
  label: string;
  path: string | null;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { label: 'Overview', path: null },
  { label: 'Agents', path: '/admin/agents' },
  { label: 'Funding', path: '/admin/funding' },
  { label: 'Orders', path: null },
  { label: 'Catalogue', path: null },
  { label: 'Notifications', path: null },
  { label: 'Settings', path: null },
  { label: 'Operators', path: null },
  { label: 'Audit', path: null },
];
