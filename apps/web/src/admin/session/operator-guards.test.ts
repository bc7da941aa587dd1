import { describe, expect, it } from 'vitest';
import { consoleReturnPath } from './operator-guards';

describe('where the console goes after signing in', () => {
  it('returns to the console page that asked for the sign-in', () => {
    expect(consoleReturnPath({ from: { pathname: '/admin/funding', search: '?x=1', hash: '#top' } })).toBe(
      '/admin/funding?x=1#top',
    );
    expect(consoleReturnPath({ from: { pathname: '/admin' } })).toBe('/admin');
  });

  it('never leaves the console, and starts at its home without a page to return to', () => {
    expect(consoleReturnPath(null)).toBe('/admin');
    expect(consoleReturnPath({ from: { pathname: '/user/profile' } })).toBe('/admin');
    expect(consoleReturnPath({ from: { pathname: '/administrator' } })).toBe('/admin');
    expect(consoleReturnPath({ from: { pathname: 42 } })).toBe('/admin');
  });
});
