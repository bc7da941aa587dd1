import { z } from 'zod';
import { ZEmail, ZPhone } from '../fields.js';
import { normalizeNigerianPhone } from '../phone.js';
import { zText } from '../text.js';

/** The provider's contact details as agents see them; null where the provider has set nothing. */
export const ZContact = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  whatsapp: z.string().nullable(),
  address: z.string().nullable(),
  hours: z.string().nullable(),
});
export type TContact = z.infer<typeof ZContact>;

/** A WhatsApp number in any usual Nigerian form, normalised to the international `234...` that wa.me takes. */
export const ZWhatsappNumber = zText('WhatsApp number', { error: 'WhatsApp number is required' }).transform(
  (value, ctx) => {
    const local = normalizeNigerianPhone(value);
    if (local === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Nigerian mobile number, like 08012345678 or 2348012345678' });
      return z.NEVER;
    }
    return `234${local.slice(1)}`;
  },
);

/** One line of text a person typed, without control or invisible characters. */
function line(label: string, max: number) {
  return zText(label, { error: `${label} must be text` })
    .transform((value) => value.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .max(max, `${label} must be at most ${max} characters`)
        .refine(
          (value) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(value),
          `${label} contains characters that are not allowed`,
        ),
    );
}

/** A settable field: absent leaves it, null or blank clears it. */
function clearable<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable())
    .optional();
}

export const ZUpdateContactRequest = z.strictObject({
  phone: clearable(ZPhone),
  email: clearable(ZEmail),
  whatsapp: clearable(ZWhatsappNumber),
  address: clearable(line('Address', 200)),
  hours: clearable(line('Opening hours', 100)),
});
export type TUpdateContactRequest = z.input<typeof ZUpdateContactRequest>;

export const ZSetSupportRequest = z.strictObject({
  /** null or blank: fall back to the server's SUPPORT_WHATSAPP. */
  whatsapp: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    ZWhatsappNumber.nullable(),
  ),
});
export type TSetSupportRequest = z.input<typeof ZSetSupportRequest>;
