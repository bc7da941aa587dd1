import { zText } from './text.js';

/** 0 to 100 with up to two decimals: "0", "1.5", "12.50", "100", "100.00"; never "100.5". */
const PERCENT = /^(?:100(?:\.0{1,2})?|\d{1,2}(?:\.\d{1,2})?)$/;

/** A percent operators type (a discount, a charge, a referral margin), kept as its text. */
export const ZPercent = (label: string) =>
  zText(label).regex(PERCENT, `${label} is a percent from 0 to 100 with up to two decimals`);

/** "12.5" → 1250 basis points, by string arithmetic (no float): the one way a percent is stored. */
export function percentToBps(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
