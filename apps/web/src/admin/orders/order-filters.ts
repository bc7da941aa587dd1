import { ORDER_STATES } from '@agentdesk/contract/admin/orders';
import { SERVICE_CATEGORIES } from '@agentdesk/contract/catalog/services';
import type { OrderFilters } from '../api/orders';

/** The list's filters by name, as the URL's search parameters hold them. */
export const FILTER_NAMES = ['q', 'agent', 'service', 'state', 'from', 'to'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export const SERVICE_LABELS: Record<(typeof SERVICE_CATEGORIES)[number], string> = {
  airtime: 'Airtime',
  data: 'Data',
  electricity: 'Electricity',
  cable: 'Cable TV',
  'result-checker': 'Exam PINs',
};

export const STATE_LABELS: Record<(typeof ORDER_STATES)[number], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed (refunded)',
  alert: 'With an alert',
};

/** The filters the URL names, unknown values left out (the server would refuse them). */
export function filtersFrom(search: URLSearchParams): OrderFilters {
  const filters: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = search.get(name)?.trim();
    if (!value) continue;
    if (name === 'service' && !(SERVICE_CATEGORIES as readonly string[]).includes(value)) continue;
    if (name === 'state' && !(ORDER_STATES as readonly string[]).includes(value)) continue;
    filters[name] = value;
  }
  return filters;
}

/** The URL's search parameters for these filters (empty ones left out). */
export function searchOf(values: Partial<Record<FilterName, string>>): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = values[name]?.trim();
    if (value) search.set(name, value);
  }
  return search;
}

/** Whether any filter is set. */
export function anyFilter(filters: OrderFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== '');
}
