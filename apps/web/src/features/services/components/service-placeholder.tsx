import Storefront from '@mui/icons-material/Storefront';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/** A purchase screen that is not open yet: its title and an honest empty state. */
export function ServicePlaceholder({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={<Storefront fontSize="large" />} title="Not available yet">
        Buying {what} from the dashboard opens in the next release, together with wallet funding.
      </EmptyState>
    </>
  );
}
