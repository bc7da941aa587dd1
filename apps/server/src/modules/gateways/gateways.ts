import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Gateway } from '../funding/gateway-events.js';
import type { GatewayClient } from './gateway-client.js';
import { createMonnifyClient } from './monnify-client.js';
import { createPaystackClient } from './paystack-client.js';
import { MONNIFY_SANDBOX_PREFIX, registerMonnifySandbox } from './sandbox/monnify-sandbox.routes.js';
import { PAYSTACK_SANDBOX_PREFIX, registerPaystackSandbox } from './sandbox/paystack-sandbox.routes.js';

/** This server's own address (known once it listens), for the built-in sandboxes. */
type OwnUrl = (path: string) => string;

/**
 * The enabled gateways' API clients, Monnify first (its account checks the name against the
 * BVN/NIN). A gateway without a base URL in the demo talks to its built-in sandbox over HTTP.
 */
export function createGatewayClients(config: Config, ownUrl: OwnUrl): Partial<Record<Gateway, GatewayClient>> {
  const { monnify, paystack, timeoutMs } = config.gateways;
  return {
    ...(monnify
      ? {
          monnify: createMonnifyClient(() => ({
            ...monnify,
            baseUrl: monnify.baseUrl ?? ownUrl(MONNIFY_SANDBOX_PREFIX),
            timeoutMs,
          })),
        }
      : {}),
    ...(paystack
      ? {
          paystack: createPaystackClient(() => ({
            ...paystack,
            baseUrl: paystack.baseUrl ?? ownUrl(PAYSTACK_SANDBOX_PREFIX),
            timeoutMs,
          })),
        }
      : {}),
  };
}

/** Mounts the Monnify and Paystack sandboxes the configuration uses, sending webhooks to this server. */
export async function registerGatewaySandboxes(
  app: FastifyInstance,
  config: Config,
  ownUrl: OwnUrl,
  now: () => Date,
): Promise<void> {
  const { monnify, paystack } = config.gateways;
  if (monnify?.sandbox) {
    await registerMonnifySandbox(app, {
      prefix: MONNIFY_SANDBOX_PREFIX,
      apiKey: monnify.apiKey,
      secretKey: monnify.secretKey,
      contractCode: monnify.contractCode,
      webhookUrl: () => ownUrl('/api/v1/webhooks/monnify'),
      now,
    });
  }
  if (paystack?.sandbox) {
    await registerPaystackSandbox(app, {
      prefix: PAYSTACK_SANDBOX_PREFIX,
      secretKey: paystack.secretKey,
      webhookUrl: () => ownUrl('/api/v1/webhooks/paystack'),
      now,
      requireIdentification: paystack.validateCustomers,
    });
  }
}
