import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { displayNaira } from '@agentdesk/contract/money';
import type { ZPurchaseRequest } from '@agentdesk/contract/purchases/purchase';
import { AppError } from '../../lib/app-error.js';
import type { CatalogLookup } from '../catalog/catalog-lookup.js';
import type { CatalogServiceRow, CatalogVariationRow } from '../catalog/catalog.repo.js';
import { lookUpJambProfile, lookUpSmartcard } from '../catalog/customer-lookup.js';
import { discountedPrice, serviceDiscountBps, variationPrice, type LevelTerms } from '../catalog/pricing.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';

export type PurchaseRequest = z.output<typeof ZPurchaseRequest>;

/** An order as priced from our own catalogue: the client's amount is used only where the agent chooses it. */
export interface OrderPlan {
  service: PurchaseRequest['service'];
  serviceId: string;
  variationCode: string | null;
  productName: string;
  /** What the upstream calls billersCode: the phone, meter, smartcard or JAMB profile ID. */
  recipient: string;
  phone: string;
  quantity: number;
  subscriptionType: 'renew' | 'change' | null;
  faceValue: bigint;
  price: bigint;
  imageUrl: string | null;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${path}: ${message}`, [{ path, message }]);
}

const naira = (kobo: bigint) => displayNaira(kobo, { wholeNaira: true });

/** A bouquet's name without the price the upstream appends: "DStv Yanga - ₦6,000" → "DStv Yanga". */
const withoutPrice = (name: string) => name.replace(/ - ₦[\d,]+$/, '');

async function enabledService(catalog: CatalogLookup, serviceId: string, path: string): Promise<CatalogServiceRow> {
  const service = await catalog.service(serviceId);
  if (!service?.enabled) throw invalid(path, 'This service is not available right now');
  return service;
}

function withinBounds(service: CatalogServiceRow, amount: bigint): void {
  if (service.min_amount !== null && amount < service.min_amount)
    throw invalid('amount', `The minimum is ${naira(service.min_amount)}`);
  if (service.max_amount !== null && service.max_amount > 0n && amount > service.max_amount) {
    throw invalid('amount', `The maximum is ${naira(service.max_amount)}`);
  }
}

async function enabledVariation(catalog: CatalogLookup, service: CatalogServiceRow, code: string, path: string) {
  const variation = await catalog.variation(service.service_id, code);
  if (!variation?.enabled || variation.face_value <= 0n) throw invalid(path, 'This plan is not available');
  return variation;
}

const NETWORK_SERVICE: Record<string, string> = {
  mtn: 'mtn',
  glo: 'glo',
  airtel: 'airtel',
  '9mobile': 'etisalat',
  'glo-sme': 'glo-sme',
};

/**
 * A renewal as the upstream prices it: the smartcard's current bouquet at its renewal amount
 * (what the upstream's `renew` must be paid), less the service's discount at the agent's level.
 */
async function planRenewal(
  upstream: UpstreamAdapter,
  service: CatalogServiceRow,
  level: LevelTerms,
  request: Extract<PurchaseRequest, { service: 'cable' }>,
): Promise<OrderPlan> {
  const card = await lookUpSmartcard(upstream, service.service_id, request.smartcardNumber, 'smartcardNumber');
  if (card.renewalAmount === null || card.renewalAmount <= 0n) {
    throw invalid('action', 'This smartcard has no renewal to pay: change to a bouquet instead');
  }
  return {
    service: 'cable',
    serviceId: service.service_id,
    variationCode: null,
    productName: `${withoutPrice(card.currentBouquet ?? service.name)} (renewal)`,
    recipient: request.smartcardNumber,
    phone: request.phone,
    quantity: 1,
    subscriptionType: 'renew',
    faceValue: card.renewalAmount,
    price: discountedPrice(card.renewalAmount, serviceDiscountBps(service, level)),
    imageUrl: service.image_url,
  };
}

/**
 * One JAMB PIN for one candidate: the profile ID is verified for the PIN with the upstream
 * before anything is charged (a profile it refuses is a 422 naming profileId), and is the
 * order's recipient, which the upstream is paid for as its billersCode.
 */
async function planJambPin(
  upstream: UpstreamAdapter,
  service: CatalogServiceRow,
  level: LevelTerms,
  pin: CatalogVariationRow,
  request: Extract<PurchaseRequest, { service: 'result-checker' }>,
): Promise<OrderPlan> {
  // The contract requires both for JAMB; checked again so a caller past it cannot sell blind.
  if (!request.profileId) throw invalid('profileId', "Enter the candidate's JAMB profile ID");
  if (request.quantity !== 1) throw invalid('quantity', 'A JAMB PIN is sold one per candidate: buy 1');
  const candidate = await lookUpJambProfile(upstream, request.profileId, pin.code, 'profileId');
  const name = /jamb/i.test(pin.name) ? pin.name : `JAMB ${pin.name}`;
  return {
    service: 'result-checker',
    serviceId: service.service_id,
    variationCode: pin.code,
    productName: `${name} (${candidate.customerName})`.slice(0, 200),
    recipient: request.profileId,
    phone: request.phone,
    quantity: 1,
    subscriptionType: null,
    faceValue: pin.face_value,
    price: variationPrice(service, pin, level),
    imageUrl: service.image_url,
  };
}

/**
 * Prices a purchase request from the catalogue at the agent's price level (docs/decisions/038),
 * or (a cable renewal) from the upstream's renewal amount less the level's discount. The level's
 * overrides are kept in memory with the catalogue rows: no statement of their own.
 */
export async function planOrder(
  deps: { catalog: CatalogLookup; upstream: UpstreamAdapter },
  request: PurchaseRequest,
  priceLevelId: string | null,
): Promise<OrderPlan> {
  const { catalog } = deps;
  const level = await catalog.levelTerms(priceLevelId);
  switch (request.service) {
    case 'airtime': {
      const service = await enabledService(catalog, NETWORK_SERVICE[request.network]!, 'network');
      withinBounds(service, request.amount);
      return {
        service: 'airtime',
        serviceId: service.service_id,
        variationCode: null,
        productName: `${service.name.replace(/ VTU$/, '')} ${naira(request.amount)}`,
        recipient: request.phone,
        phone: request.phone,
        quantity: 1,
        subscriptionType: null,
        faceValue: request.amount,
        price: discountedPrice(request.amount, serviceDiscountBps(service, level)),
        imageUrl: service.image_url,
      };
    }
    case 'data': {
      const service = await enabledService(catalog, `${NETWORK_SERVICE[request.network]!}-data`, 'network');
      const plan = await enabledVariation(catalog, service, request.planCode, 'planCode');
      return {
        service: 'data',
        serviceId: service.service_id,
        variationCode: plan.code,
        productName: plan.name,
        recipient: request.phone,
        phone: request.phone,
        quantity: 1,
        subscriptionType: null,
        faceValue: plan.face_value,
        price: variationPrice(service, plan, level),
        imageUrl: service.image_url,
      };
    }
    case 'electricity': {
      const service = await enabledService(catalog, request.disco, 'disco');
      if (service.category !== 'electricity') throw invalid('disco', 'Choose a distribution company');
      withinBounds(service, request.amount);
      return {
        service: 'electricity',
        serviceId: service.service_id,
        variationCode: request.meterType,
        productName: `${service.name.replace(/ - Prepaid and Postpaid$/, '')} ${request.meterType} ${naira(request.amount)}`,
        recipient: request.meterNumber,
        phone: request.phone,
        quantity: 1,
        subscriptionType: null,
        faceValue: request.amount,
        price: discountedPrice(request.amount, serviceDiscountBps(service, level)),
        imageUrl: service.image_url,
      };
    }
    case 'cable': {
      const service = await enabledService(catalog, request.provider, 'provider');
      if (request.action === 'renew') return planRenewal(deps.upstream, service, level, request);
      const bouquet = await enabledVariation(catalog, service, request.bouquetCode ?? '', 'bouquetCode');
      return {
        service: 'cable',
        serviceId: service.service_id,
        variationCode: bouquet.code,
        productName: `${withoutPrice(bouquet.name)} (new bouquet)`,
        recipient: request.smartcardNumber,
        phone: request.phone,
        quantity: 1,
        subscriptionType: 'change',
        faceValue: bouquet.face_value,
        price: variationPrice(service, bouquet, level),
        imageUrl: service.image_url,
      };
    }
    case 'result-checker': {
      const service = await enabledService(catalog, request.exam, 'exam');
      const code = request.variationCode ?? (await catalog.enabledVariations(service.service_id))[0]?.code;
      if (!code) throw invalid('exam', 'This exam is not available right now');
      const pin = await enabledVariation(catalog, service, code, 'variationCode');
      if (request.exam === 'jamb') return planJambPin(deps.upstream, service, level, pin, request);
      const quantity = BigInt(request.quantity);
      return {
        service: 'result-checker',
        serviceId: service.service_id,
        variationCode: pin.code,
        productName: `${pin.name}${request.quantity > 1 ? ` × ${request.quantity}` : ''}`,
        recipient: request.phone,
        phone: request.phone,
        quantity: request.quantity,
        subscriptionType: null,
        faceValue: pin.face_value * quantity,
        price: variationPrice(service, pin, level) * quantity,
        imageUrl: service.image_url,
      };
    }
  }
}

/** The body's fingerprint: the same requestId with a different body is a different purchase (409). */
export function requestHash(request: PurchaseRequest): string {
  const { requestId: _ignored, ...rest } = request;
  const canonical = JSON.stringify(
    Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))),
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  );
  return createHash('sha256').update(canonical).digest('hex');
}
