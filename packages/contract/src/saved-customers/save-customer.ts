import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ZEmpty, ZIdParams } from '../envelope.js';
import { ZSaveCustomerRequest, ZSavedCustomer, ZSavedCustomerName } from './saved-customer-fields.js';

export const saveCustomer = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/saved-customers',
  auth: 'agent',
  status: 201,
  tags: ['Saved customers'],
  summary: 'Save a phone, meter or smartcard with a name (each number once per network, disco or provider)',
  body: ZSaveCustomerRequest,
  data: ZSavedCustomer,
});

export const renameSavedCustomer = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/agent/saved-customers/:id',
  auth: 'agent',
  tags: ['Saved customers'],
  summary: 'Rename a saved customer',
  params: ZIdParams,
  body: z.strictObject({ name: ZSavedCustomerName }),
  data: ZSavedCustomer,
});

export const deleteSavedCustomer = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/agent/saved-customers/:id',
  auth: 'agent',
  tags: ['Saved customers'],
  summary: 'Forget a saved customer',
  params: ZIdParams,
  data: ZEmpty,
});
