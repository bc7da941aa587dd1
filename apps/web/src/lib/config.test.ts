import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, normalizeBasePath, readConfig } from './config';

function withMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'agentdesk-config';
  meta.content = content;
  document.head.append(meta);
}

describe('readConfig', () => {
  afterEach(() => document.head.querySelectorAll('meta').forEach((meta) => meta.remove()));

  it('uses the defaults when the server injected nothing (vite dev)', () => {
    expect(readConfig()).toEqual(DEFAULT_CONFIG);
  });

  it('reads what the server injected', () => {
    withMeta(JSON.stringify({ basePath: '/agent/', brandName: 'QuickTopUp', apiBaseUrl: '/agent' }));
    expect(readConfig()).toEqual({ basePath: '/agent', brandName: 'QuickTopUp', apiBaseUrl: '/agent' });
  });

  it('falls back to the defaults on a broken tag', () => {
    withMeta('{not json');
    expect(readConfig()).toEqual(DEFAULT_CONFIG);
  });

  it('normalises base paths for the router', () => {
    expect(normalizeBasePath('/')).toBe('/');
    expect(normalizeBasePath('')).toBe('/');
    expect(normalizeBasePath('app/')).toBe('/app');
  });
});
