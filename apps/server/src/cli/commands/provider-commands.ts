import { createBroadcast, listBroadcasts } from '@agentdesk/contract/admin/notifications';
import {
  getContactSettings,
  getSupportSettings,
  setSupportSettings,
  updateContactSettings,
} from '@agentdesk/contract/admin/settings';
import type { TContact } from '@agentdesk/contract/contact/contact-fields';
import { requireFlag, type AdminCommand } from '../command.js';

const CONTACT_FLAGS = ['phone', 'email', 'whatsapp', 'address', 'hours'] as const satisfies ReadonlyArray<
  keyof TContact
>;
const LABELS: Record<keyof TContact, string> = {
  phone: 'Phone',
  email: 'Email',
  whatsapp: 'WhatsApp',
  address: 'Address',
  hours: 'Hours',
};

function contactLines(data: { saved: TContact; effective: TContact }): string[] {
  return CONTACT_FLAGS.map((field) => {
    const saved = data.saved[field];
    const shown = saved ?? (data.effective[field] ? `${data.effective[field]} (the support number)` : '(not set)');
    return `${`${LABELS[field]}:`.padEnd(10)}${shown}`;
  });
}

function supportLine(data: {
  whatsapp: string | null;
  defaultWhatsapp: string | null;
  effectiveWhatsapp: string | null;
}) {
  if (data.whatsapp) return `Support WhatsApp: ${data.whatsapp}`;
  if (data.effectiveWhatsapp)
    return `Support WhatsApp: ${data.effectiveWhatsapp} (SUPPORT_WHATSAPP; none set by operators)`;
  return 'Support WhatsApp: (not set: agents see no chat link)';
}

/** What operators tell agents: broadcasts, contact details, the support chat number. */
export const providerCommands: AdminCommand[] = [
  {
    name: 'notify',
    summary: 'Post a notification to every agent',
    usage: '--title <text, one line, at most 120> --body <text, at most 2000>',
    options: ['title', 'body'],
    async run({ flags, io, call }) {
      const title = requireFlag(flags, 'title');
      const body = requireFlag(flags, 'body');
      const { data } = await call(createBroadcast, { body: { title, body } });
      io.out(`Sent to every agent: "${data.title}" (${data.id}, ${data.createdAt}).`);
    },
  },
  {
    name: 'notify list',
    summary: 'List broadcasts, newest first, with how many agents read each',
    usage: '[--limit <1-100>, default 20] [--cursor <from the previous page>]',
    options: ['limit', 'cursor'],
    async run({ flags, io, call }) {
      const { data, meta } = await call(listBroadcasts, {
        query: { ...(flags.limit ? { limit: flags.limit } : {}), ...(flags.cursor ? { cursor: flags.cursor } : {}) },
      });
      if (data.length === 0) io.out('No broadcasts.');
      for (const note of data) {
        io.out(`--- ${note.createdAt}  by ${note.createdBy ?? 'the system'}  read by ${note.readCount}  (${note.id})`);
        io.out(`${note.title}\n${note.body}\n`);
      }
      if (meta?.nextCursor) io.out(`More: npm run admin -- notify list --cursor ${meta.nextCursor}`);
    },
  },
  {
    name: 'contact',
    summary: 'Show the contact details agents see, or change them (an empty value clears a field)',
    usage: '[--phone 0801...] [--email ...] [--whatsapp 0801...|234801...] [--address ...] [--hours ...]',
    options: CONTACT_FLAGS,
    async run({ flags, io, call }) {
      const changes = Object.fromEntries(
        CONTACT_FLAGS.filter((field) => flags[field] !== undefined).map((field) => [field, flags[field]]),
      );
      const { message, data } =
        Object.keys(changes).length > 0
          ? await call(updateContactSettings, { body: changes })
          : await call(getContactSettings);
      if (Object.keys(changes).length > 0) io.out(`${message}.`);
      for (const line of contactLines(data)) io.out(line);
    },
  },
  {
    name: 'support',
    summary: 'Show the support chat number, or set it (--whatsapp "" goes back to SUPPORT_WHATSAPP)',
    usage: '[--whatsapp 0801...|234801...]',
    options: ['whatsapp'],
    async run({ flags, io, call }) {
      if (flags.whatsapp === undefined) {
        io.out(supportLine((await call(getSupportSettings)).data));
        return;
      }
      const { message, data } = await call(setSupportSettings, { body: { whatsapp: flags.whatsapp } });
      io.out(`${message}.`);
      io.out(supportLine(data));
    },
  },
];
