import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TBulkRow } from '@agentdesk/contract/purchases/bulk-purchase';
import { StatusChip } from '../../../components/status-chip';
import { api } from '../../../lib/http/api';
import { errorMessage } from '../../../lib/http/error-message';
import { formatNaira } from '../../../lib/money';
import { saveBlob } from '../../../lib/save-blob';
import { useGetBulkPurchaseQuery } from '../api/bulk-purchases';
import { resultsCsv } from '../lib/bulk-rows';
import { NETWORK_LABELS, type Network } from '../lib/network-prefix';
import { PagedRows } from './paged-rows';

/** How often the progress is asked while rows are queued or pending. */
const POLL_MS = 2_000;

function ResultItem({ row }: { row: TBulkRow }) {
  const n = row.index + 1;
  return (
    <Box
      component="li"
      aria-label={`Row ${n}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ minWidth: 28, color: 'text.secondary' }}>
          {n}.
        </Typography>
        <Typography variant="body2" sx={{ flex: 1, fontWeight: 500 }}>
          {row.phone} · {NETWORK_LABELS[row.network as Network] ?? row.network}
        </Typography>
        {row.status === 'queued' ? <StatusChip status="waiting" /> : <StatusChip status={row.status} />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {[row.price === null ? null : `Charged ${formatNaira(row.price)}`, row.message].filter(Boolean).join('. ')}
      </Typography>
    </Box>
  );
}

/**
 * A bulk purchase's progress, asked again every 2 s until every row has its answer. Its id is in
 * the address, so a reload (or a lost connection) comes back to the same batch, never a new one.
 */
export function BulkProgress({ id }: { id: string }) {
  const dispatch = useDispatch();
  const [done, setDone] = useState(false);
  const query = useGetBulkPurchaseQuery(id, { pollingInterval: done ? 0 : POLL_MS, skipPollingIfUnfocused: false });
  const batch = query.data?.data;
  if (batch?.status === 'done' && !done) setDone(true);
  useEffect(() => {
    // What the rows spent (and any refunds) shows in the balance and the history.
    if (done) dispatch(api.util.invalidateTags(['Wallet', 'Transactions']));
  }, [done, dispatch]);

  if (query.error && !batch) {
    return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  }
  if (!batch) {
    return (
      <Typography role="status" color="text.secondary">
        Loading the bulk purchase…
      </Typography>
    );
  }
  const { counts } = batch;
  const answered = counts.delivered + counts.failed;
  return (
    <Stack spacing={2}>
      <div>
        <Typography role="status" aria-live="polite" variant="body1" sx={{ fontWeight: 500 }}>
          {batch.status === 'done'
            ? `Finished: ${counts.delivered} successful, ${counts.failed} failed.`
            : `${answered} of ${counts.total} done: ${counts.delivered} successful, ${counts.failed} failed, ${counts.queued + counts.pending} in progress.`}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(answered / counts.total) * 100}
          aria-label="Progress of the bulk purchase"
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      </div>
      <Typography variant="body2">
        Charged so far: <strong>{formatNaira(batch.totalCharged)}</strong>. Failed numbers are refunded or were never
        charged.
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() =>
            saveBlob(new Blob([resultsCsv(batch)], { type: 'text/csv' }), `bulk-purchase-${batch.id.slice(0, 8)}.csv`)
          }
        >
          Download results
        </Button>
        <Button component={RouterLink} to="/user/bulk" variant="outlined">
          New bulk purchase
        </Button>
      </Stack>
      <PagedRows
        items={batch.rows}
        label="Results by number"
        render={(row) => <ResultItem key={row.index} row={row} />}
      />
    </Stack>
  );
}
