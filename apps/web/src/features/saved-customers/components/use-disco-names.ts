import { useListServicesQuery } from '../../services/api/list-services';
import { discoName } from '../../services/lib/provider-names';

/** The electricity companies by id, in the words the purchase screen uses (empty until loaded). */
export function useDiscoNames(skip = false): Record<string, string> {
  const services = useListServicesQuery('electricity', { skip });
  return Object.fromEntries((services.data?.data ?? []).map((service) => [service.id, discoName(service.name)]));
}
