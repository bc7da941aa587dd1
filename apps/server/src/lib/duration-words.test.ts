import { describe, expect, it } from 'vitest';
import { durationInWords } from './duration-words.js';

describe('durationInWords', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [1000, '1 second'],
    [1001, '2 seconds'],
    [30_000, '30 seconds'],
    [59_000, '59 seconds'],
    [59_500, 'about a minute'],
    [60_000, 'about a minute'],
    [89_000, 'about a minute'],
    [90_000, 'about 2 minutes'],
    [732_000, 'about 12 minutes'],
    [15 * 60_000, 'about 15 minutes'],
    [59 * 60_000, 'about 59 minutes'],
    [59.6 * 60_000, 'about an hour'],
    [89 * 60_000, 'about an hour'],
    [90 * 60_000, 'about 2 hours'],
    [24 * 3_600_000, 'about 24 hours'],
  ])('says %i ms as "%s"', (ms, words) => {
    expect(durationInWords(ms)).toBe(words);
  });
});
