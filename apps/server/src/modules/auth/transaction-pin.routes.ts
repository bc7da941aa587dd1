import type { FastifyInstance } from 'fastify';
import {
  changePin,
  getPinStatus,
  requestPinResetCode,
  resetPin,
  setPin,
} from '@agentdesk/contract/auth/transaction-pin';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import type { TransactionPinService } from './transaction-pin.service.js';

const MINUTE = 60_000;

/** The agent's transaction PIN (docs/decisions/043): its state, first choice, change and reset. */
export function registerTransactionPinRoutes(app: FastifyInstance, deps: { pins: TransactionPinService }): void {
  const { pins } = deps;
  const perAgent = (name: string, max: number) =>
    limit(app, { name, max, windowMs: 15 * MINUTE, key: (request) => request.auth?.user.id ?? request.ip });

  mountEndpoint(app, getPinStatus, {}, async ({ auth }) => ({ message: 'OK', data: await pins.status(auth.user.id) }));

  mountEndpoint(app, setPin, { preHandler: [perAgent('pin-set', 10)] }, async ({ auth, body }) => ({
    message: 'Your transaction PIN is set',
    data: await pins.set(auth.user, body.pin),
  }));

  // Guessing the password here is limited like changing it (5 in 15 minutes); guessing the
  // current PIN counts towards the PIN's own tries.
  mountEndpoint(app, changePin, { preHandler: [perAgent('pin-change', 5)] }, async ({ auth, body }) => ({
    message: 'Your transaction PIN has been changed',
    data: await pins.change(auth.user, { currentPin: body.currentPin, password: body.password }, body.newPin),
  }));

  mountEndpoint(app, requestPinResetCode, { preHandler: [perAgent('pin-reset-code', 3)] }, async ({ auth }) => {
    await pins.sendResetCode(auth.user);
    return {
      message: `A 6-digit code has been sent to ${auth.user.email}. It expires in 10 minutes.`,
      data: null,
    };
  });

  mountEndpoint(app, resetPin, { preHandler: [perAgent('pin-reset', 10)] }, async ({ auth, body }) => ({
    message: 'Your transaction PIN has been reset',
    data: await pins.reset(auth.user, body.code, body.newPin),
  }));
}
