import { z } from 'zod';
import { zText } from '../text.js';

export const NOTIFICATION_KINDS = [
  'broadcast',
  'funding',
  'refund',
  'purchase',
  'account',
  'referral',
  'prices',
] as const;

/** A notification as the agent sees it: a broadcast to every agent or one of their own. */
export const ZNotification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Whether this agent has read it (broadcasts are read per agent). */
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** Text of a notification: trimmed, NFC, no control characters other than line breaks and tabs. */
function noteText(label: string, max: number) {
  return zText(label, { error: `${label} is required` })
    .transform((value) => value.normalize('NFC').replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(max, `${label} must be at most ${max} characters`)
        .refine(
          (value) => !/[^\P{Cc}\n\t]|[\p{Cf}\p{Zl}\p{Zp}]/u.test(value),
          `${label} contains characters that are not allowed`,
        ),
    );
}

export const ZNotificationTitle = noteText('Title', 120).refine((value) => !value.includes('\n'), {
  message: 'Title must be one line',
});
export const ZNotificationBody = noteText('Body', 2000);
