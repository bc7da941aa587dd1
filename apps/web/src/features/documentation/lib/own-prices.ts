import type { TApiService } from '@agentdesk/contract/api/api-services';
import { formatNaira, parseNairaToKobo } from '@agentdesk/contract/money';
import { percentToBps } from '@agentdesk/contract/percent';
import type { OpenApiDocument } from '../api/get-openapi-document';

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { example?: unknown }> }> };

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Face value less a discount, rounded in the provider's favour: the server's rule (pricing.ts). */
function discounted(faceValue: string, discountPercent: string): string | null {
  const kobo = parseNairaToKobo(faceValue);
  if (kobo === null) return null;
  return formatNaira(kobo - (kobo * BigInt(percentToBps(discountPercent))) / 10_000n);
}

/** An example's services (`GET /services`) as the agent's own: the same services and plans, at their prices. */
function ownServices(example: unknown[], services: TApiService[]): unknown[] {
  return example.map((item) => {
    if (!isObject(item) || !Array.isArray(item.variations)) return item;
    const own = services.find((service) => service.id === item.id);
    if (!own) return item;
    const codes = new Set(item.variations.map((variation) => (isObject(variation) ? variation.code : undefined)));
    const variations = own.variations.filter((variation) => codes.has(variation.code));
    return { ...own, variations: variations.length > 0 ? variations : own.variations.slice(0, 1) };
  });
}

/** An example order of an amount the agent chooses (airtime), at the agent's discount for its service. */
function ownOrder(order: Json, services: TApiService[]): Json {
  const own = services.find((service) => service.id === order.serviceId);
  if (!own || own.variations.length > 0 || typeof order.faceValue !== 'string') return order;
  const price = discounted(order.faceValue, own.discountPercent);
  return price === null ? order : { ...order, price };
}

function ownData(data: unknown, services: TApiService[]): unknown {
  if (Array.isArray(data)) return ownServices(data, services);
  if (isObject(data) && typeof data.serviceId === 'string' && typeof data.price === 'string') {
    return ownOrder(data, services);
  }
  return data;
}

/**
 * The document with the reseller API's example answers at the signed-in agent's own prices
 * (their price level's, docs/decisions/038): the services list shows the example's services and
 * plans as the agent buys them, and an order of an amount shows what the agent would pay for it.
 * The server's document is the same for everyone (and cached as such); the page personalises it.
 */
export function withOwnPrices(document: OpenApiDocument, services: TApiService[]): OpenApiDocument {
  const paths: Record<string, unknown> = {};
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
    if (!path.startsWith('/api/v1/reseller/')) {
      paths[path] = item;
      continue;
    }
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([method, value]) => {
        const operation = value as Operation;
        if (!isObject(operation) || !operation.responses) return [method, value];
        const responses = Object.fromEntries(
          Object.entries(operation.responses).map(([status, response]) => {
            if (!response.content) return [status, response];
            const content = Object.fromEntries(
              Object.entries(response.content).map(([type, media]) => {
                const example = media.example;
                if (!isObject(example) || !('data' in example)) return [type, media];
                return [type, { ...media, example: { ...example, data: ownData(example.data, services) } }];
              }),
            );
            return [status, { ...response, content }];
          }),
        );
        return [method, { ...operation, responses }];
      }),
    );
  }
  return { ...document, paths };
}
