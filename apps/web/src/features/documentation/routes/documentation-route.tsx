import Description from '@mui/icons-material/Description';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

export function DocumentationRoute() {
  return (
    <>
      <PageHeader title="Documentation" subtitle="The reseller API: sell from your own software" />
      <EmptyState icon={<Description fontSize="large" />} title="Documentation is on its way">
        The reseller API reference, with your API keys, will be published here in a later release.
      </EmptyState>
    </>
  );
}
