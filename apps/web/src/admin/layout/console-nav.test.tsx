import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConsoleNav } from './console-nav';
import { CONSOLE_SECTIONS } from './console-sections';

function renderNav(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <ConsoleNav /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('the console’s sections', () => {
  it('lists every section of issue 21 in its order', () => {
    expect(CONSOLE_SECTIONS.map((section) => section.label)).toEqual([
      'Overview',
      'Agents',
      'Funding',
      'Orders',
      'Catalogue',
      'Notifications',
      'Settings',
      'Operators',
      'Audit',
    ]);
  });

  it('makes links only of the built sections, marks the current one, and shows the others as coming', () => {
    renderNav('/admin/funding');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Agents', 'Funding']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/agents', '/admin/funding']);
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    expect(links[0]!.getAttribute('aria-current')).toBeNull();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(CONSOLE_SECTIONS.length);
    const orders = items.find((item) => item.textContent?.startsWith('Orders'))!;
    expect(within(orders).getByText('Coming')).toBeTruthy();
    expect(within(orders).queryByRole('link')).toBeNull();
    expect(within(orders).queryByRole('button')).toBeNull();
  });

  it('marks Agents on an agent’s page', () => {
    renderNav('/admin/agents/0b7e2a52-3d3c-4c1e-9b7a-6f1f1f1f1f1f');
    expect(screen.getByRole('link', { name: 'Agents' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Funding' }).getAttribute('aria-current')).toBeNull();
  });

  it('does not mark Funding on another console page', () => {
    renderNav('/admin');
    expect(screen.getByRole('link', { name: 'Funding' }).getAttribute('aria-current')).toBeNull();
  });
});
