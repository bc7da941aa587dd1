import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZNaira } from '../money.js';
import { ZJambProfileId } from '../purchases/purchase.js';
import { zText } from '../text.js';

export const validateMeter = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/validate/meter',
  auth: 'agent',
  tags: ['Services'],
  summary: 'Look up an electricity meter: customer name, address, minimum amount',
  query: z.strictObject({
    meter_number: zText('Meter number', { error: 'Meter number is required' })
      .trim()
      .regex(/^\d{11,13}$/, 'Meter number is 11 to 13 digits'),
    /** The DisCo's service id, like ikeja-electric. */
    disco_name: zText('disco_name', { error: 'Choose the distribution company' })
      .trim()
      .min(1, 'Choose the distribution company'),
    meter_type: z.enum(['prepaid', 'postpaid'], { error: 'Meter type is prepaid or postpaid' }),
  }),
  data: z.object({
    customerName: z.string(),
    address: z.string().nullable(),
    meterNumber: z.string(),
    meterType: z.enum(['prepaid', 'postpaid']),
    minimumAmount: ZNaira.nullable(),
    arrears: ZNaira.nullable(),
  }),
});

export const validateSmartcard = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/validate/smartcard',
  auth: 'agent',
  tags: ['Services'],
  summary: 'Look up a DStv, GOtv or StarTimes smartcard: customer, current bouquet, renewal amount',
  query: z.strictObject({
    provider: z.enum(['dstv', 'gotv', 'startimes', 'showmax'], {
      error: 'Provider is dstv, gotv, startimes or showmax',
    }),
    smartcard_number: zText('Smartcard number', { error: 'Smartcard number is required' })
      .trim()
      .regex(/^\d{10,11}$/, 'Smartcard number is 10 or 11 digits'),
  }),
  data: z.object({
    customerName: z.string(),
    smartcardNumber: z.string(),
    currentBouquet: z.string().nullable(),
    /** Only when the upstream sends it (its documented answer names the bouquet alone). */
    currentBouquetCode: z.string().nullable(),
    /** What a renewal of the current bouquet costs before discount: `action: "renew"` pays it. */
    renewalAmount: ZNaira.nullable(),
    dueDate: z.string().nullable(),
    status: z.string().nullable(),
  }),
});

export const validateJambProfile = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/validate/jamb-profile',
  auth: 'agent',
  tags: ['Services'],
  summary: "Look up a JAMB candidate's profile ID before selling a PIN to it: the candidate's name",
  query: z.strictObject({
    profile_id: ZJambProfileId,
    /** The PIN to be sold (utme, de): the upstream verifies the profile for it. */
    variation_code: zText('variation_code', { error: 'Choose the JAMB PIN' })
      .trim()
      .min(1, 'Choose the JAMB PIN')
      .max(80, 'Choose the JAMB PIN'),
  }),
  data: z.object({
    customerName: z.string(),
    profileId: z.string(),
    variationCode: z.string(),
  }),
});
