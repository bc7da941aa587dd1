import { describe, expect, it } from 'vitest';
import { levelSummary, percentWords, ruleWords } from './level-words';

describe('price level words', () => {
  it('says which rule made a price', () => {
    expect(ruleWords('level-price', '3.00')).toBe('this level’s fixed price');
    expect(ruleWords('level-discount', '7.50')).toBe('face value less this level’s 7.5 %');
    expect(ruleWords('catalogue', '3.00')).toBe('the catalogue’s price');
    expect(percentWords('10.00')).toBe('10 %');
  });

  it('sums a level up in one line, singular and plural', () => {
    expect(levelSummary({ agents: 1, overrides: { services: 0, plans: 2 } })).toBe(
      '1 agent · no service discounts · 2 plan prices',
    );
    expect(levelSummary({ agents: 0, overrides: { services: 1, plans: 1 } })).toBe(
      '0 agents · 1 service discount · 1 plan price',
    );
  });
});
