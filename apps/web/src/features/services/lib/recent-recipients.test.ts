import { beforeEach, describe, expect, it } from 'vitest';
import { readRecent, rememberRecent } from './recent-recipients';

describe('recent recipients', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the last five per service, newest first, each once', () => {
    for (const phone of ['0801', '0802', '0803', '0804', '0805', '0806']) rememberRecent('airtime', phone);
    expect(readRecent('airtime')).toEqual(['0806', '0805', '0804', '0803', '0802']);
    rememberRecent('airtime', '0804');
    expect(readRecent('airtime')).toEqual(['0804', '0806', '0805', '0803', '0802']);
    expect(readRecent('data')).toEqual([]);
  });

  it('survives a damaged entry', () => {
    window.localStorage.setItem('agentdesk.recent.airtime', '{not json');
    expect(readRecent('airtime')).toEqual([]);
    window.localStorage.setItem('agentdesk.recent.airtime', JSON.stringify(['0801', 5, null]));
    expect(readRecent('airtime')).toEqual(['0801']);
  });
});
