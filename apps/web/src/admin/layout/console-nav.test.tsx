import { render, screen } from '@testing-library/react';
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
      'Upstreams',
      'Notifications',
      'Settings',
      'Operators',
      'Audit',
    ]);
  });

  it('links every section, marks the current one, and only it', () => {
    renderNav('/admin/funding');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(CONSOLE_SECTIONS.map((section) => section.label));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin',
      '/admin/agents',
      '/admin/funding',
      '/admin/orders',
      '/admin/catalog',
      '/admin/upstreams',
      '/admin/notifications',
      '/admin/settings',
      '/admin/operators',
      '/admin/audit',
    ]);
    expect(
      links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent),
    ).toEqual(['Funding']);
    // The Overview is /admin itself: not current on the pages under it.
    expect(links[0]!.className).not.toContain('Mui-selected');
  });

  it('marks Agents on an agent’s page', () => {
    renderNav('/admin/agents/0b7e2a52-3d3c-4c1e-9b7a-6f1f1f1f1f1f');
    expect(screen.getByRole('link', { name: 'Agents' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Funding' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks the Overview current on exactly /admin, and not Funding', () => {
    renderNav('/admin');
    const overview = screen.getByRole('link', { name: 'Overview' });
    expect(overview.getAttribute('aria-current')).toBe('page');
    expect(overview.className).toContain('Mui-selected');
    expect(screen.getByRole('link', { name: 'Funding' }).getAttribute('aria-current')).toBeNull();
  });
});
