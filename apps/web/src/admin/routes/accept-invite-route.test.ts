import { describe, expect, it } from 'vitest';
import { inviteTokenFrom } from './accept-invite-route';

describe('the invitation’s token, from the link’s fragment', () => {
  it('reads it from #token=…', () => {
    expect(inviteTokenFrom('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(inviteTokenFrom('token=abc')).toBe('abc');
  });

  it('has none when the fragment is empty, has no token or an empty one', () => {
    expect(inviteTokenFrom('')).toBeNull();
    expect(inviteTokenFrom('#other=1')).toBeNull();
    expect(inviteTokenFrom('#token=')).toBeNull();
    expect(inviteTokenFrom('#token=%20')).toBeNull();
  });
});
