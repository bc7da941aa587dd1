import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_TERMS,
  discountedPrice,
  planKey,
  pricedVariation,
  serviceDiscountBps,
  type LevelTerms,
} from './pricing.js';

const service = { service_id: 'mtn-data', discount_bps: 300 };
const plan = { code: 'mtn-1gb-500', face_value: 50_000n, agent_price: null };
const fixedPlan = { ...plan, agent_price: 48_000n };
const level = (discounts: Array<[string, number]>, prices: Array<[string, bigint]>): LevelTerms => ({
  discounts: new Map(discounts),
  prices: new Map(prices),
});

describe('a plan’s price at a price level', () => {
  it('is the catalogue’s without overrides: its fixed price, else face value less its discount', () => {
    expect(pricedVariation(service, plan, CATALOGUE_TERMS)).toEqual({ price: 48_500n, rule: 'catalogue' });
    expect(pricedVariation(service, fixedPlan, CATALOGUE_TERMS)).toEqual({ price: 48_000n, rule: 'catalogue' });
    // Overrides of other services and plans change nothing here.
    const others = level([['glo-data', 1_000]], [[planKey('mtn-data', 'mtn-2gb-1000'), 1n]]);
    expect(pricedVariation(service, fixedPlan, others)).toEqual({ price: 48_000n, rule: 'catalogue' });
    expect(serviceDiscountBps(service, others)).toBe(300);
  });

  it('takes the level’s discount for the service over the catalogue’s discount and fixed price', () => {
    const dealer = level([['mtn-data', 750]], []);
    expect(pricedVariation(service, plan, dealer)).toEqual({ price: 46_250n, rule: 'level-discount' });
    expect(pricedVariation(service, fixedPlan, dealer)).toEqual({ price: 46_250n, rule: 'level-discount' });
    expect(serviceDiscountBps(service, dealer)).toBe(750);
    // A zero discount is an override too: face value.
    expect(pricedVariation(service, fixedPlan, level([['mtn-data', 0]], []))).toEqual({
      price: 50_000n,
      rule: 'level-discount',
    });
  });

  it('takes the level’s fixed price over everything, even above face value', () => {
    const partner = level([['mtn-data', 750]], [[planKey('mtn-data', 'mtn-1gb-500'), 50_050n]]);
    expect(pricedVariation(service, fixedPlan, partner)).toEqual({ price: 50_050n, rule: 'level-price' });
  });

  it('never rounds a discount in the agent’s favour', () => {
    // 4.5 % of ₦333 is 1,498.5 kobo: the agent is given 1,498.
    expect(discountedPrice(33_300n, 450)).toBe(31_802n);
    expect(discountedPrice(33_300n, 10_000)).toBe(0n);
  });
});
