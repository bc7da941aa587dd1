import { PageHeader } from '../../../components/page-header';

/** Spec section 2: the support page is an empty shell with only a title. */
export function SupportRoute() {
  return <PageHeader title="Support" />;
}
