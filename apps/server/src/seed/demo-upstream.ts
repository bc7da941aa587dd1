import { findSandboxService } from '../modules/upstream/sandbox/catalogue.js';
import {
  customerAddress,
  customerName,
  digits,
  SANDBOX_VALUES,
  sandboxSmartcard,
  sandboxToken,
} from '../modules/upstream/sandbox/sandbox-outcomes.js';
import type { PayOutcome, PayRequest, UpstreamAdapter } from '../modules/upstream/upstream.js';
import { newRequestId } from '../modules/upstream/vtpass/request-id.js';
import { bareOutcome } from '../modules/upstream/upstream.js';
import { readVerifyResponse } from '../modules/upstream/vtpass/vtpass-parse.js';

/**
 * The built-in sandbox's answers, in process, for the demo's back-dated purchases: the
 * sandbox over HTTP refuses request ids dated another day (as the upstream does), and the
 * demo's history spans weeks. Same tokens, units, PINs and customer names as the sandbox;
 * the failure number fails. Pay, and the smartcard lookup a renewal is priced by: the
 * catalogue is synced from the real sandbox first.
 */
export function createDemoUpstream(): UpstreamAdapter {
  const unsupported = () => Promise.reject(new Error('the demo upstream only pays'));
  return {
    listServices: unsupported,
    listVariations: unsupported,
    async verify(request) {
      const service = findSandboxService(request.serviceId);
      if (service?.category !== 'tv-subscription') return unsupported();
      return readVerifyResponse(sandboxSmartcard(service, request.billersCode, { strict: false, now: new Date() }));
    },
    newRequestId,
    requery: unsupported,
    balance: unsupported,
    async pay(request: PayRequest): Promise<PayOutcome> {
      if (request.phone === SANDBOX_VALUES.failure) return bareOutcome('failed', '016', 'TRANSACTION FAILED');
      const delivered: PayOutcome = {
        ...bareOutcome('delivered', '000', 'TRANSACTION SUCCESSFUL'),
        upstreamTransactionId: `17${digits(`txn:${request.requestId}`, 14)}`,
      };
      if (request.variationCode === 'prepaid') {
        return {
          ...delivered,
          token: sandboxToken(request.requestId),
          units: `${(Number(request.amount) / 100 / 209.5).toFixed(1)} kWh`,
          customerName: customerName(request.billersCode),
          customerAddress: customerAddress(request.billersCode),
        };
      }
      // As the sandbox answers them: a JAMB PIN, WAEC registration tokens, WAEC serials and PINs.
      if (request.serviceId === 'jamb') {
        return { ...delivered, purchasedCode: `Pin : ${digits(`jamb:${request.requestId}`, 16)}` };
      }
      if (request.serviceId === 'waec-registration') {
        const tokens = Array.from({ length: request.quantity ?? 1 }, (_, i) =>
          digits(`regtoken:${request.requestId}:${i}`, 19),
        );
        return { ...delivered, purchasedCode: tokens.map((token) => `Token: ${token}`).join(' || ') };
      }
      if (request.serviceId === 'waec') {
        const cards = Array.from({ length: request.quantity ?? 1 }, (_, i) => ({
          serial: `${request.serviceId.slice(0, 3).toUpperCase()}${digits(`serial:${request.requestId}:${i}`, 9)}`,
          pin: digits(`pin:${request.requestId}:${i}`, 12),
        }));
        return { ...delivered, cards };
      }
      if (['dstv', 'gotv', 'startimes', 'showmax'].includes(request.serviceId)) {
        return { ...delivered, customerName: customerName(request.billersCode) };
      }
      return delivered;
    },
  };
}
