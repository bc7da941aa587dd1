import { useParams } from 'react-router';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { formatNaira } from '../../../lib/money';
import { BulkForm } from '../components/bulk-form';
import { BulkProgress } from '../components/bulk-progress';
import { useBalance } from '../components/service-screen';

/** /user/bulk: a new bulk purchase; /user/bulk/:batchId: one's progress and results. */
export function BulkRoute() {
  const { batchId } = useParams();
  const balance = useBalance();
  return (
    <>
      <PageHeader
        title="Bulk purchase"
        subtitle="Airtime or data for many numbers at once"
        action={
          <Typography variant="body2" component="p" aria-live="polite">
            Balance: <strong>{balance === null ? '…' : formatNaira(balance)}</strong>
          </Typography>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        {batchId ? <BulkProgress key={batchId} id={batchId} /> : <BulkForm />}
      </Paper>
    </>
  );
}
