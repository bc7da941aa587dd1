import { describe, expect, it } from 'vitest';
import { nairaDifference, searchTerm } from './catalog-words';

describe('the catalogue’s figures and searches', () => {
  it('subtracts naira amounts by the kobo, never through a float', () => {
    expect(nairaDifference('1000.00', '970.00')).toBe('30.00');
    expect(nairaDifference('0.30', '0.10')).toBe('0.20');
    expect(nairaDifference('99.99', '100.00')).toBe('-0.01');
  });

  it('sends no search for blank text and refuses one character', () => {
    expect(searchTerm('  ')).toEqual({ q: undefined, tooShort: false });
    expect(searchTerm(' m ')).toEqual({ q: 'm', tooShort: true });
    expect(searchTerm(' mtn ')).toEqual({ q: 'mtn', tooShort: false });
  });
});
