import type { FastifyInstance } from 'fastify';
import { listApiServices } from '@agentdesk/contract/api/api-services';
import { listServices } from '@agentdesk/contract/catalog/services';
import { validateMeter, validateSmartcard } from '@agentdesk/contract/catalog/validate';
import { formatNaira } from '@agentdesk/contract/money';
import type { Database } from '../../db/database.js';
import { limit } from '../../http/rate-limits.js';
import { mountEndpoint } from '../../http/route.js';
import { AppError } from '../../lib/app-error.js';
import { nairaToKobo } from '../upstream/vtpass/vtpass-parse.js';
import type { UpstreamAdapter, VerifyResult } from '../upstream/upstream.js';
import { findService } from './catalog.repo.js';
import { catalogView } from './catalog-view.js';

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

export function registerCatalogRoutes(app: FastifyInstance, deps: { db: Database; upstream: UpstreamAdapter }): void {
  const { db, upstream } = deps;
  // Lookups cost the provider an upstream call each: bounded per agent.
  const lookups = limit(app, {
    name: 'customer-lookup',
    max: 60,
    windowMs: 15 * 60_000,
    key: (request) => request.auth?.user.id ?? request.ip,
  });

  mountEndpoint(app, listServices, {}, async ({ query }) => ({
    message: 'OK',
    data: await catalogView(db, query.category),
  }));

  mountEndpoint(app, listApiServices, {}, async () => ({
    message: 'OK',
    data: (await catalogView(db)).map((service) => ({ ...service, purchaseService: service.category })),
  }));

  mountEndpoint(app, validateMeter, { preHandler: [lookups] }, async ({ query }) => {
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
      message: 'Meter found',
      data: {
        customerName: result.customerName,
        address: asText(result.details.Address),
        meterNumber: query.meter_number,
        meterType: query.meter_type,
        minimumAmount: naira(result.details.Min_Purchase_Amount ?? result.details.Minimum_Amount),
        arrears: naira(result.details.Customer_Arrears),
      },
    };
  });

  mountEndpoint(app, validateSmartcard, { preHandler: [lookups] }, async ({ query }) => {
    const service = await findService(db, query.provider);
    if (!service?.enabled)
      throw new AppError('VALIDATION_FAILED', 'provider: This provider is not available', [
        { path: 'provider', message: 'This provider is not available' },
      ]);
    const result = await upstream.verify({ serviceId: service.service_id, billersCode: query.smartcard_number });
    if (!result.ok) refuse(result, 'smartcard_number');
    return {
      message: 'Smartcard found',
      data: {
        customerName: result.customerName,
        smartcardNumber: query.smartcard_number,
        currentBouquet: asText(result.details.Current_Bouquet),
        currentBouquetCode: asText(result.details.Current_Bouquet_Code),
        renewalAmount: naira(result.details.Renewal_Amount),
        dueDate: asText(result.details.Due_Date),
        status: asText(result.details.Status),
      },
    };
  });
}
