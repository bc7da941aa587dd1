import type { EndpointData, EndpointParsedQuery } from '@agentdesk/contract/endpoint';
import {
  type validateJambProfile,
  type validateMeter,
  type validateSmartcard,
} from '@agentdesk/contract/catalog/validate';
import { formatNaira } from '@agentdesk/contract/money';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { nairaToKobo } from '../upstream/vtpass/vtpass-parse.js';
import type { UpstreamAdapter, VerifyResult } from '../upstream/upstream.js';
import { findService, findVariation } from './catalog.repo.js';

const asText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;
const naira = (value: unknown): string | null => {
  const kobo = nairaToKobo(value);
  return kobo === null ? null : formatNaira(kobo);
};

function refuse(result: Exclude<VerifyResult, { ok: true }>, field: string): never {
  if (result.reason === 'unreachable') throw new AppError('SERVICE_UNAVAILABLE', result.message);
  throw new AppError('VALIDATION_FAILED', `${field}: ${result.message}`, [{ path: field, message: result.message }]);
}

/** A smartcard as the upstream knows it; a renewal is its current bouquet at `renewalAmount`. */
export interface Smartcard {
  customerName: string;
  currentBouquet: string | null;
  /** Not in the upstream's documented answer; some upstreams send it. */
  currentBouquetCode: string | null;
  renewalAmount: bigint | null;
  dueDate: string | null;
  status: string | null;
}

/**
 * Asks the upstream who is behind a smartcard. A wrong number is a 422 naming `field`, an
 * upstream that cannot be reached a 503: either way nothing has been charged.
 */
export async function lookUpSmartcard(
  upstream: UpstreamAdapter,
  serviceId: string,
  smartcardNumber: string,
  field: string,
): Promise<Smartcard> {
  const result = await upstream.verify({ serviceId, billersCode: smartcardNumber });
  if (!result.ok) refuse(result, field);
  return {
    customerName: result.customerName,
    currentBouquet: asText(result.details.Current_Bouquet),
    currentBouquetCode: asText(result.details.Current_Bouquet_Code),
    renewalAmount: nairaToKobo(result.details.Renewal_Amount),
    dueDate: asText(result.details.Due_Date),
    status: asText(result.details.Status),
  };
}

/**
 * The candidate behind a JAMB profile ID, for the PIN `variationCode` (the upstream's verify
 * takes it as `type`). A profile the upstream does not know is a 422 naming `field`, an
 * upstream that cannot be reached a 503: either way nothing has been charged.
 */
export async function lookUpJambProfile(
  upstream: UpstreamAdapter,
  profileId: string,
  variationCode: string,
  field: string,
): Promise<{ customerName: string }> {
  const result = await upstream.verify({ serviceId: 'jamb', billersCode: profileId, type: variationCode });
  if (!result.ok) refuse(result, field);
  return { customerName: result.customerName };
}

/** Who is behind a meter, a smartcard or a JAMB profile ID, asked of the upstream: the dashboard's and the reseller API's one lookup. */
export function createCustomerLookup(deps: { db: Queryable; upstream: UpstreamAdapter }) {
  const { db, upstream } = deps;
  return {
    async meter(query: EndpointParsedQuery<typeof validateMeter>): Promise<EndpointData<typeof validateMeter>> {
      const service = await findService(db, query.disco_name);
      if (!service?.enabled || service.category !== 'electricity') {
        throw new AppError('VALIDATION_FAILED', 'disco_name: Unknown distribution company', [
          { path: 'disco_name', message: 'Unknown distribution company' },
        ]);
      }
      const result = await upstream.verify({
        serviceId: service.service_id,
        billersCode: query.meter_number,
        type: query.meter_type,
      });
      if (!result.ok) refuse(result, 'meter_number');
      return {
        customerName: result.customerName,
        address: asText(result.details.Address),
        meterNumber: query.meter_number,
        meterType: query.meter_type,
        minimumAmount: naira(result.details.Min_Purchase_Amount ?? result.details.Minimum_Amount),
        arrears: naira(result.details.Customer_Arrears),
      };
    },

    async smartcard(
      query: EndpointParsedQuery<typeof validateSmartcard>,
    ): Promise<EndpointData<typeof validateSmartcard>> {
      const service = await findService(db, query.provider);
      if (!service?.enabled)
        throw new AppError('VALIDATION_FAILED', 'provider: This provider is not available', [
          { path: 'provider', message: 'This provider is not available' },
        ]);
      const card = await lookUpSmartcard(upstream, service.service_id, query.smartcard_number, 'smartcard_number');
      return {
        ...card,
        smartcardNumber: query.smartcard_number,
        renewalAmount: card.renewalAmount === null ? null : formatNaira(card.renewalAmount),
      };
    },

    async jambProfile(
      query: EndpointParsedQuery<typeof validateJambProfile>,
    ): Promise<EndpointData<typeof validateJambProfile>> {
      const service = await findService(db, 'jamb');
      const pin = service?.enabled ? await findVariation(db, service.service_id, query.variation_code) : undefined;
      if (!pin?.enabled)
        throw new AppError('VALIDATION_FAILED', 'variation_code: This JAMB PIN is not available', [
          { path: 'variation_code', message: 'This JAMB PIN is not available' },
        ]);
      const candidate = await lookUpJambProfile(upstream, query.profile_id, query.variation_code, 'profile_id');
      return { customerName: candidate.customerName, profileId: query.profile_id, variationCode: query.variation_code };
    },
  };
}

export type CustomerLookup = ReturnType<typeof createCustomerLookup>;
