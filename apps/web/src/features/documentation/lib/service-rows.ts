import type { TApiService } from '@agentdesk/contract/api/api-services';

/** One line of the services table: a plan, or a service bought at any amount. */
export interface ServiceRow {
  key: string;
  /** The purchase body's `service`. */
  purchaseService: TApiService['purchaseService'];
  serviceId: string;
  serviceName: string;
  /** The plan's code (`planCode`, `bouquetCode` or `variationCode` of a purchase), or null for any amount. */
  code: string | null;
  plan: string;
  faceValue: string | null;
  price: string | null;
  /** For any-amount services: the agent's discount, as a percent string. */
  discountPercent: string | null;
  minAmount: string | null;
  maxAmount: string | null;
}

/** The services flattened to rows: each plan, or one row for a service bought at any amount. */
export function serviceRows(services: TApiService[]): ServiceRow[] {
  return services.flatMap((service): ServiceRow[] => {
    const base = {
      purchaseService: service.purchaseService,
      serviceId: service.id,
      serviceName: service.name,
    };
    if (service.variations.length === 0) {
      return [
        {
          ...base,
          key: service.id,
          code: null,
          plan: 'Any amount',
          faceValue: null,
          price: null,
          discountPercent: service.discountPercent,
          minAmount: service.minAmount,
          maxAmount: service.maxAmount,
        },
      ];
    }
    return service.variations.map((variation) => ({
      ...base,
      key: `${service.id}/${variation.code}`,
      code: variation.code,
      plan: variation.name,
      faceValue: variation.faceValue,
      price: variation.price,
      discountPercent: null,
      minAmount: null,
      maxAmount: null,
    }));
  });
}

/** Rows whose service, plan or code contains every word of the search, case-insensitively. */
export function filterRows(rows: ServiceRow[], search: string): ServiceRow[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const text = [row.purchaseService, row.serviceId, row.serviceName, row.plan, row.code ?? '']
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
