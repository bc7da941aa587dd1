import { setServiceTerms, setVariationTerms, syncCatalog } from '@agentdesk/contract/admin/catalog';
import { listOrderAlerts, listStuckOrders, refundOrder, requeryOrder } from '@agentdesk/contract/admin/orders';
import { requireFlag, UsageError, type AdminCommand } from '../command.js';

const onOff = (value: string | undefined): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError('--enabled is on or off');
};

export const catalogCommands: AdminCommand[] = [
  {
    name: 'catalog sync',
    summary: 'Pull services and plans from the upstream (prices and switches you set are kept)',
    async run({ io, call }) {
      const { message } = await call(syncCatalog);
      io.out(message);
    },
  },
  {
    name: 'catalog service',
    summary: "Set a service's agent discount or switch it on or off",
    usage: '--id <service id, e.g. mtn> [--discount <percent>] [--enabled on|off]',
    options: ['id', 'discount', 'enabled'],
    async run({ flags, io, call }) {
      const enabled = onOff(flags.enabled);
      const { message } = await call(setServiceTerms, {
        params: { serviceId: requireFlag(flags, 'id') },
        body: {
          ...(flags.discount ? { discountPercent: flags.discount } : {}),
          ...(enabled !== undefined ? { enabled } : {}),
        },
      });
      io.out(message);
    },
  },
  {
    name: 'catalog plan',
    summary: 'Set a fixed agent price for a plan (or "none" to use the discount), or switch it on or off',
    usage: '--service <id> --code <plan code> [--price <naira>|none] [--enabled on|off]',
    options: ['service', 'code', 'price', 'enabled'],
    async run({ flags, io, call }) {
      const enabled = onOff(flags.enabled);
      const { message } = await call(setVariationTerms, {
        params: { serviceId: requireFlag(flags, 'service'), code: requireFlag(flags, 'code') },
        body: {
          ...(flags.price ? { agentPrice: flags.price === 'none' ? null : flags.price } : {}),
          ...(enabled !== undefined ? { enabled } : {}),
        },
      });
      io.out(message);
    },
  },
  {
    name: 'orders pending',
    summary: 'Orders still unresolved after a while, oldest first',
    usage: '[--older-than-hours 24]',
    options: ['older-than-hours'],
    async run({ flags, io, call }) {
      const { data } = await call(listStuckOrders, {
        query: { olderThanHours: Number(flags['older-than-hours'] ?? 24), limit: 200 },
      });
      if (data.length === 0) io.out('No stuck orders.');
      for (const order of data) {
        io.out(
          `${order.id}  ${order.createdAt}  ${order.username.padEnd(16)}  ${order.productName} → ${order.recipient}  ₦${order.price}  tries ${order.attempts}  last ${order.upstreamCode ?? '-'}`,
        );
      }
    },
  },
  {
    name: 'orders requery',
    summary: 'Ask the upstream now what became of an order',
    usage: '--id <order id>',
    options: ['id'],
    async run({ flags, io, call }) {
      const { message } = await call(requeryOrder, { params: { id: requireFlag(flags, 'id') } });
      io.out(message);
    },
  },
  {
    name: 'orders alerts',
    summary: 'Orders to look at: requeries the upstream refused, deliveries it reported after a refund',
    async run({ io, call }) {
      const { data } = await call(listOrderAlerts, { query: { limit: 200 } });
      if (data.length === 0) io.out('No alerts.');
      for (const order of data) {
        io.out(
          `${order.id}  ${order.alertedAt ?? ''}  ${order.alert}  ${order.status}  ${order.username}  ${order.productName} → ${order.recipient}  upstream: ${order.alertDetail ?? '-'}`,
        );
      }
    },
  },
  {
    name: 'orders refund',
    summary:
      'Refund an unresolved order (once) after asking the upstream: only on its definitive failure, or with --force after you have seen its answer',
    usage: '--id <order id> --reason <text> [--force]',
    options: ['id', 'reason'],
    switches: ['force'],
    async run({ flags, io, call }) {
      const { message, data } = await call(refundOrder, {
        params: { id: requireFlag(flags, 'id') },
        body: { reason: requireFlag(flags, 'reason'), force: flags.force === 'true' },
      });
      io.out(message);
      if (data.outcome !== 'delivered') io.out(`Refunded ₦${data.price} to ${data.username}.`);
    },
  },
];
