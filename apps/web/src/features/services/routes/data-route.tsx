import { ServicePlaceholder } from '../components/service-placeholder';

export function DataRoute() {
  return <ServicePlaceholder title="Data" what="mobile data bundles" />;
}
