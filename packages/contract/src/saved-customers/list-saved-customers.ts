import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { zText } from '../text.js';
import { SAVED_CUSTOMER_KINDS, ZSavedCustomer } from './saved-customer-fields.js';

export const SAVED_CUSTOMERS_PAGE_DEFAULT = 50;
export const SAVED_CUSTOMERS_PAGE_MAX = 100;

export const ZListSavedCustomersQuery = z.strictObject({
  kind: z.enum(SAVED_CUSTOMER_KINDS, { error: 'kind is phone, meter or smartcard' }).optional(),
  /** Part of the name or of the number. */
  q: zText('q').trim().max(60, 'q must be at most 60 characters').optional(),
  /** `meta.nextCursor` of the previous page; absent for the first page. */
  cursor: zText('cursor').trim().min(1, 'cursor must not be empty').max(300, 'cursor is not valid').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(SAVED_CUSTOMERS_PAGE_MAX, `limit must be at most ${SAVED_CUSTOMERS_PAGE_MAX}`)
    .default(SAVED_CUSTOMERS_PAGE_DEFAULT),
});

export const listSavedCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agent/saved-customers',
  auth: 'agent',
  tags: ['Saved customers'],
  summary: 'The agent’s saved customers by name, searchable by name or number, by cursor',
  query: ZListSavedCustomersQuery,
  paginated: true,
  data: z.array(ZSavedCustomer),
});
