import { ServicePlaceholder } from '../components/service-placeholder';

export function CableRoute() {
  return <ServicePlaceholder title="Cable Subscription" what="cable TV subscriptions" />;
}
