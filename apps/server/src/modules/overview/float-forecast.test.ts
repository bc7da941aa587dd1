import { describe, expect, it } from 'vitest';
import { lagosDayStart } from '../dashboard/lagos-time.js';
import { forecastFloat } from './float-forecast.js';

const dayStart = lagosDayStart('2026-11-25');
const dayEnd = lagosDayStart('2026-11-25', 1);
/** 15:00 in Lagos: 15 hours elapsed, 9 left. */
const threePm = new Date('2026-11-25T15:00:00+01:00');
const naira = (n: number) => BigInt(n) * 100n;

describe('whether the upstream float lasts the rest of the Lagos day', () => {
  it('needs today’s rate × the hours left: ₦300,000 in 15 hours is ₦20,000 an hour, ₦180,000 for the 9 left', () => {
    const short = forecastFloat({
      balance: naira(150_000),
      spent: naira(300_000),
      spentIsFaceValue: false,
      now: threePm,
      dayStart,
      dayEnd,
    });
    expect(short).toEqual({
      needed: naira(180_000),
      warning: true,
      note: 'At today’s rate (₦20,000.00 an hour at cost), the rest of today needs about ₦180,000.00, more than the ₦150,000.00 at the upstream. Top up the upstream wallet before it runs out.',
    });
    const enough = forecastFloat({
      balance: naira(200_000),
      spent: naira(300_000),
      spentIsFaceValue: true,
      now: threePm,
      dayStart,
      dayEnd,
    });
    expect(enough).toEqual({
      needed: naira(180_000),
      warning: false,
      note: 'Enough for the rest of today at today’s rate (₦20,000.00 an hour at face value): about ₦180,000.00 more is needed.',
    });
  });

  it('passes a balance exactly at the need, and warns one kobo below it (the need is rounded up)', () => {
    const at = (balance: bigint) =>
      forecastFloat({ balance, spent: 1_000n, spentIsFaceValue: false, now: threePm, dayStart, dayEnd });
    // 1,000 kobo × 9 / 15 = 600 kobo exactly.
    expect(at(600n)).toMatchObject({ needed: 600n, warning: false });
    expect(at(599n)).toMatchObject({ needed: 600n, warning: true });
    // 1 kobo × 9 / 15 = 0.6 kobo: rounded up to 1.
    expect(
      forecastFloat({ balance: 0n, spent: 1n, spentIsFaceValue: false, now: threePm, dayStart, dayEnd }),
    ).toMatchObject({
      needed: 1n,
      warning: true,
    });
  });

  it('has no rate before the first sale of the day, and nothing to judge before the first reading', () => {
    expect(forecastFloat({ balance: 0n, spent: 0n, spentIsFaceValue: false, now: threePm, dayStart, dayEnd })).toEqual({
      needed: null,
      warning: false,
      note: 'Nothing sold today yet, so there is no rate to forecast from.',
    });
    expect(
      forecastFloat({ balance: null, spent: naira(1), spentIsFaceValue: false, now: threePm, dayStart, dayEnd }),
    ).toEqual({ needed: null, warning: false, note: 'The upstream balance has not been read yet.' });
    // At midnight exactly no time has elapsed: no rate either.
    expect(
      forecastFloat({ balance: 0n, spent: naira(1), spentIsFaceValue: false, now: dayStart, dayStart, dayEnd }).warning,
    ).toBe(false);
  });

  it('needs nothing more in the day’s last instant', () => {
    expect(
      forecastFloat({ balance: 0n, spent: naira(5_000), spentIsFaceValue: false, now: dayEnd, dayStart, dayEnd }),
    ).toMatchObject({ needed: 0n, warning: false });
  });
});
