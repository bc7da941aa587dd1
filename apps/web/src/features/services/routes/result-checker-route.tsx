import { ServicePlaceholder } from '../components/service-placeholder';

export function ResultCheckerRoute() {
  return <ServicePlaceholder title="Result Checker" what="exam result checker PINs" />;
}
