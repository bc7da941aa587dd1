import { ServicePlaceholder } from '../components/service-placeholder';

export function AirtimeRoute() {
  return <ServicePlaceholder title="Airtime" what="airtime" />;
}
