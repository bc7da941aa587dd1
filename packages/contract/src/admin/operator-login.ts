import { defineEndpoint } from '../endpoint.js';
import { ZLoginRequest } from '../auth/login.js';
import { ZAuthSession } from '../auth/user.js';
import { ZEmpty } from '../envelope.js';

export const operatorLogin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/auth/login',
  auth: 'public',
  tags: ['Operator'],
  summary: 'Operator sign-in',
  body: ZLoginRequest,
  data: ZAuthSession,
});

export const operatorLogout = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/auth/logout',
  auth: 'operator',
  tags: ['Operator'],
  summary: 'Operator sign-out',
  data: ZEmpty,
});
