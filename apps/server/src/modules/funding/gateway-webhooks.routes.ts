import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { GatewayUnreachable } from '../gateways/gateway-client.js';
import type { Gateway, GatewayPayment } from './gateway-events.js';
import { readMonnifyPayment, readPaystackPayment, verifySignature } from './gateway-events.js';
import type { createGatewayFundingService } from './gateway-funding.service.js';
import type { IdentificationOutcome, PaystackIdentificationEvent } from '../kyc/kyc.service.js';

/** A Paystack `customeridentification.success|failed` event, read; undefined for any other. */
export function readPaystackIdentification(body: unknown): PaystackIdentificationEvent | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { event, data } = body as { event?: unknown; data?: Record<string, unknown> };
  if (event !== 'customeridentification.success' && event !== 'customeridentification.failed') return undefined;
  const code = data?.customer_code;
  if (typeof code !== 'string' || code === '') return undefined;
  return {
    success: event === 'customeridentification.success',
    customerCode: code,
    email: typeof data?.email === 'string' ? data.email : '',
    reason: typeof data?.reason === 'string' && data.reason.trim() ? data.reason.trim().slice(0, 300) : undefined,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

interface GatewaySpec {
  gateway: Gateway;
  path: string;
  secret: string | undefined;
  signatureHeader: string;
  read: (body: unknown) => GatewayPayment | undefined;
}

/**
 * Webhooks of the funding gateways. The signature is an HMAC of the raw bytes, so these
 * routes live in their own scope whose JSON parser keeps them. A forged or unsigned call
 * changes nothing (401); a replay is acknowledged and changes nothing; an unconfigured
 * gateway is not there (404); a payment the gateway's API cannot be asked about yet is 503.
 */
export async function registerGatewayWebhooks(
  app: FastifyInstance,
  deps: {
    gatewayFunding: ReturnType<typeof createGatewayFundingService>;
    paystackSecret?: string | undefined;
    monnifySecret?: string | undefined;
    /** Paystack's customer identification webhooks (decision 046): the identity checks' handler. */
    paystackIdentification?: ((event: PaystackIdentificationEvent) => Promise<IdentificationOutcome>) | undefined;
  },
): Promise<void> {
  const gateways: GatewaySpec[] = [
    {
      gateway: 'paystack',
      path: '/api/v1/webhooks/paystack',
      secret: deps.paystackSecret,
      signatureHeader: 'x-paystack-signature',
      read: readPaystackPayment,
    },
    {
      gateway: 'monnify',
      path: '/api/v1/webhooks/monnify',
      secret: deps.monnifySecret,
      signatureHeader: 'monnify-signature',
      read: readMonnifyPayment,
    },
  ];

  await app.register(async (scope) => {
    const withoutNul = (_key: string, value: unknown) =>
      typeof value === 'string' ? value.replaceAll('\u0000', '') : value;
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (request: FastifyRequest, body: Buffer, done) => {
        request.rawBody = body;
        try {
          // The signature covers the raw bytes; what is kept of the event is stored as jsonb, which
          // refuses a NUL: a signed event carrying one is read without it rather than lost.
          done(null, JSON.parse(body.toString('utf8'), withoutNul));
        } catch {
          done(new AppError('MALFORMED_JSON', 'The request body is not valid JSON'), undefined);
        }
      },
    );

    for (const spec of gateways) {
      if (!spec.secret) continue;
      const secret = spec.secret;
      scope.post(spec.path, async (request, reply) => {
        const header = request.headers[spec.signatureHeader];
        if (
          !request.rawBody ||
          !verifySignature(secret, request.rawBody, typeof header === 'string' ? header : undefined)
        ) {
          request.log.warn({ gateway: spec.gateway }, 'gateway webhook with a bad signature');
          throw new AppError('UNAUTHENTICATED', 'Invalid signature');
        }
        const identification = spec.gateway === 'paystack' ? readPaystackIdentification(request.body) : undefined;
        const payment = identification ? undefined : spec.read(request.body);
        let outcome;
        try {
          outcome = identification
            ? ((await deps.paystackIdentification?.(identification)) ?? 'ignored')
            : payment
              ? await deps.gatewayFunding.credit(spec.gateway, payment, request.body)
              : 'ignored';
        } catch (error) {
          // The gateway's verify call could not be made: not a credit and not a refusal. Nothing is
          // recorded and the answer is 503, so the gateway delivers the event again later.
          if (!(error instanceof GatewayUnreachable)) throw error;
          request.log.warn(
            { gateway: spec.gateway, reference: payment?.reference, err: error.message },
            'gateway webhook: verification unavailable',
          );
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            identification
              ? 'The dedicated account could not be opened with the gateway yet; deliver it again later'
              : 'The payment could not be verified with the gateway yet; deliver it again later',
          );
        }
        request.log.info({ gateway: spec.gateway, reference: payment?.reference, outcome }, 'gateway webhook');
        return reply.send({ response: 'success', outcome });
      });
    }
  });
}
