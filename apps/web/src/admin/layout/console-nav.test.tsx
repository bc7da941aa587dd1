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
    expect(links.map((link) => link.textContent)).toEqual([
      'Overview',
      'Funding',
      'Orders',
      'Catalogue',
      'Notifications',
      'Settings',
      'Operators',
      'Audit',
    ]);
    expect(links[0]!.getAttribute('href')).toBe('/admin');
    expect(links[1]!.getAttribute('href')).toBe('/admin/funding');
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    // The Overview is /admin itself: not current on the pages under it.
    expect(links[0]!.getAttribute('aria-current')).toBeNull();
    expect(links[0]!.className).not.toContain('Mui-selected');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(CONSOLE_SECTIONS.length);
    const agents = items.find((item) => item.textContent?.startsWith('Agents'))!;
    expect(within(agents).getByText('Coming')).toBeTruthy();
    expect(within(agents).queryByRole('link')).toBeNull();
    expect(within(agents).queryByRole('button')).toBeNull();
  });

  it('marks the Overview current on exactly /admin, and not Funding', () => {
    renderNav('/admin');
    const overview = screen.getByRole('link', { name: 'Overview' });
    expect(overview.getAttribute('aria-current')).toBe('page');
    expect(overview.className).toContain('Mui-selected');
    expect(screen.getByRole('link', { name: 'Funding' }).getAttribute('aria-current')).toBeNull();
  });
});
