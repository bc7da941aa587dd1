import { z } from 'zod';
import { ZNaira } from '../money.js';

/**
 * The bonus operators pay a referrer, set at run time. Either part may be off: a zero
 * `fundingBonus` pays nothing on funding; a zero `marginPercent` or `marginPurchases` pays
 * nothing on purchases.
 */
export const ZReferralRule = z.object({
  /** Paid once, when the referred agent's first funding is credited (an approved transfer or a gateway payment). */
  fundingBonus: ZNaira,
  /** Percent of the referred agent's margin (face value − what they paid), e.g. "10" or "2.5". */
  marginPercent: z.string(),
  /** Paid on the referred agent's first this-many delivered purchases (0: off). */
  marginPurchases: z.number().int(),
});
export type TReferralRule = z.infer<typeof ZReferralRule>;
