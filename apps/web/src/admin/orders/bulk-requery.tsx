import { useState } from 'react';
import { BULK_REQUERY_MAX } from '@agentdesk/contract/admin/orders';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/http/error-message';
import { useRequeryOrdersMutation } from '../api/orders';

interface Progress {
  done: number;
  total: number;
  settled: number;
  unchanged: number;
  problems: number;
  error: string | null;
  finished: boolean;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What a finished (or stopped) bulk requery did, in words. */
export function bulkSummary(progress: Progress): string {
  const parts = [`${plural(progress.settled, 'order')} settled now`, `${progress.unchanged} still pending`];
  if (progress.problems > 0) parts.push(`${progress.problems} could not be asked about`);
  const head = progress.error
    ? `Stopped after ${progress.done} of ${progress.total}: ${progress.error}`
    : `Asked the upstream about ${plural(progress.total, 'order')}`;
  return `${head}. ${parts.join(', ')}.`;
}

/**
 * "Requery all N shown": the orders on the screen, sent in pages of BULK_REQUERY_MAX (the
 * server's limit per call), one page after the other, with the progress shown as it goes.
 * Settled orders are answered as they are, so sending them costs nothing at the upstream.
 */
export function BulkRequery({ ids, onDone }: { ids: readonly string[]; onDone: () => void }) {
  const [requery] = useRequeryOrdersMutation();
  const [progress, setProgress] = useState<Progress | null>(null);
  const running = progress !== null && !progress.finished;

  async function run() {
    const total = ids.length;
    let state: Progress = { done: 0, total, settled: 0, unchanged: 0, problems: 0, error: null, finished: false };
    setProgress(state);
    for (let start = 0; start < total; start += BULK_REQUERY_MAX) {
      const page = ids.slice(start, start + BULK_REQUERY_MAX);
      try {
        const answer = await requery([...page]).unwrap();
        const count = (outcome: string) => answer.data.filter((row) => row.outcome === outcome).length;
        state = {
          ...state,
          done: state.done + page.length,
          settled: state.settled + count('settled'),
          unchanged: state.unchanged + count('unchanged'),
          problems: state.problems + count('not-found') + count('error'),
        };
      } catch (error) {
        state = { ...state, error: errorMessage(error) };
        break;
      }
      setProgress(state);
    }
    setProgress({ ...state, finished: true });
    onDone();
  }

  if (ids.length === 0 && progress === null) return null;
  return (
    <Box sx={{ mb: 2 }}>
      {ids.length > 0 && (
        <Button variant="outlined" onClick={() => void run()} disabled={running}>
          Requery all {ids.length} shown
        </Button>
      )}
      <Box aria-live="polite" sx={{ mt: progress ? 1 : 0 }}>
        {progress && !progress.finished && (
          <>
            <Typography variant="body2" role="status">
              Requeried {progress.done} of {progress.total}…
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress.total === 0 ? 100 : (progress.done / progress.total) * 100}
              aria-label="Bulk requery progress"
              sx={{ mt: 0.5 }}
            />
          </>
        )}
        {progress?.finished && (
          <Alert role="status" severity={progress.error ? 'warning' : 'success'} onClose={() => setProgress(null)}>
            {bulkSummary(progress)}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
