import type { FastifyInstance } from 'fastify';
import { listSavedCustomers } from '@agentdesk/contract/saved-customers/list-saved-customers';
import {
  deleteSavedCustomer,
  renameSavedCustomer,
  saveCustomer,
} from '@agentdesk/contract/saved-customers/save-customer';
import { mountEndpoint } from '../../http/route.js';
import type { SavedCustomersService } from './saved-customers.service.js';

export function registerSavedCustomerRoutes(
  app: FastifyInstance,
  deps: { savedCustomers: SavedCustomersService },
): void {
  const { savedCustomers } = deps;

  mountEndpoint(app, listSavedCustomers, {}, async ({ auth, query }) => {
    const page = await savedCustomers.list(auth.user.id, query);
    return { message: 'OK', data: page.items, meta: { nextCursor: page.nextCursor } };
  });

  mountEndpoint(app, saveCustomer, {}, async ({ auth, body }) => ({
    message: 'Customer saved',
    data: await savedCustomers.save(auth.user.id, body),
  }));

  mountEndpoint(app, renameSavedCustomer, {}, async ({ auth, params, body }) => ({
    message: 'Customer renamed',
    data: await savedCustomers.rename(auth.user.id, params.id!, body.name),
  }));

  mountEndpoint(app, deleteSavedCustomer, {}, async ({ auth, params }) => {
    await savedCustomers.remove(auth.user.id, params.id!);
    return { message: 'Customer removed', data: null };
  });
}
