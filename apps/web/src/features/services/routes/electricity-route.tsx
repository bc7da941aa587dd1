import { ServicePlaceholder } from '../components/service-placeholder';

export function ElectricityRoute() {
  return <ServicePlaceholder title="Electricity Bill" what="electricity tokens" />;
}
