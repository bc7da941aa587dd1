import { z } from 'zod';
import { defineEndpoint, EVERY_OPERATOR } from '../endpoint.js';

export const checkLedger = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/ledger/check',
  auth: 'operator',
  roles: EVERY_OPERATOR,
  tags: ['Operator'],
  summary: 'Verify every ledger invariant: entries balance, balances equal postings, no wallet below zero',
  data: z.object({ ok: z.boolean(), violations: z.array(z.object({ rule: z.string(), detail: z.string() })) }),
});
