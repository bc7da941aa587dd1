import { describe, expect, it } from 'vitest';
import { followedPrice } from './price-follow.js';

/** A level's rule when the upstream's amount moves (docs/decisions/041), to the kobo. */
describe('followedPrice', () => {
  it('keeps the discount: a fixed price moves in proportion, rounded up to the kobo', () => {
    expect(followedPrice('keep-discount', { price: 97_000n, byDiscount: false }, 0n, 100_000n, 110_000n)).toBe(
      106_700n,
    );
    // 97,001 × 1.1 = 106,701.1 kobo: never a fraction short of the proportion.
    expect(followedPrice('keep-discount', { price: 97_001n, byDiscount: false }, 0n, 100_000n, 110_000n)).toBe(
      106_702n,
    );
    // Down as well as up.
    expect(followedPrice('keep-discount', { price: 48_000n, byDiscount: false }, 0n, 50_000n, 45_000n)).toBe(43_200n);
  });

  it('keeps the discount: a price by a discount is what the discount gives on the new amount', () => {
    expect(followedPrice('keep-discount', { price: 145_500n, byDiscount: true }, 160_050n, 150_000n, 165_000n)).toBe(
      160_050n,
    );
  });

  it('keeps the margin: the same naira either way, never below one kobo', () => {
    expect(followedPrice('keep-margin', { price: 145_500n, byDiscount: true }, 160_050n, 150_000n, 165_000n)).toBe(
      160_500n,
    );
    expect(followedPrice('keep-margin', { price: 47_000n, byDiscount: false }, 0n, 50_000n, 45_000n)).toBe(42_000n);
    expect(followedPrice('keep-margin', { price: 1_000n, byDiscount: false }, 0n, 50_000n, 10_000n)).toBe(1n);
  });
});
