import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import { useFundingQueueInfiniteQuery } from '../api/funding-queue';
import { CONSOLE_SECTIONS } from '../layout/console-sections';
import { selectOperatorSession } from '../session/operator-session-slice';
import { waitingCount } from '../funding/waiting-count';

/**
 * The console's start while the Overview is coming: what needs the operator now (the funding
 * queue) and what the console will hold, with the command-line tool for it meanwhile.
 */
export function ConsoleHomeRoute() {
  const { operator } = useSelector(selectOperatorSession);
  const queue = useFundingQueueInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const coming = CONSOLE_SECTIONS.filter((section) => !section.path).map((section) => section.label);

  let waiting;
  if (queue.isLoading) waiting = <Typography role="status">Counting the transfers waiting…</Typography>;
  else if (queue.isError && !queue.data)
    waiting = <Alert severity="error">Could not read the funding queue. {errorMessage(queue.error)}</Alert>;
  else
    waiting = <Typography sx={{ fontSize: '1.25rem', fontWeight: 600 }}>{waitingCount(queue.data?.pages)}</Typography>;

  return (
    <>
      <PageHeader
        title="Console"
        subtitle={operator ? `Signed in as ${operator.firstName} ${operator.lastName}` : undefined}
      />
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Paper variant="outlined" component="section" aria-labelledby="home-funding-title" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="home-funding-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            Funding queue
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Transfers agents reported, waiting for you to check the account and approve or reject.
          </Typography>
          {waiting}
          <Button component={RouterLink} to="/admin/funding" variant="contained" sx={{ mt: 2 }}>
            Open the funding queue
          </Button>
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="home-coming-title" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="home-coming-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            Coming to the console
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {coming.join(', ')}. Until each is here, the operator tool does it: <code>npm run admin -- help</code> lists
            its commands.
          </Typography>
        </Paper>
      </Stack>
    </>
  );
}
