import { useRef, useState, type FormEvent } from 'react';
import type { TAgentDetail } from '@agentdesk/contract/admin/agents';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import { errorMessage } from '../../lib/http/error-message';
import { useMoveAgentToLevelMutation, usePriceLevelsQuery } from '../api/price-levels';
import { ScreenLoading } from '../layout/screen-loading';
import { levelSummary } from '../price-levels/level-words';
import type { ActionOutcome } from '../shared/outcome-alert';

/**
 * Moves an agent to another price level: their next purchase, on the dashboard or through the
 * API, is priced by it. Sent once; the page says what happened.
 */
export function MoveLevelDialog({
  agent,
  onClose,
  onDone,
}: {
  agent: TAgentDetail;
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const levels = usePriceLevelsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [move] = useMoveAgentToLevelMutation();
  const [levelId, setLevelId] = useState(agent.priceLevel.id);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const who = `${agent.firstName} ${agent.lastName} (${agent.username})`;
  const chosen = levels.data?.find((level) => level.id === levelId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await move({ agentId: agent.id, levelId }).unwrap();
      onDone({ severity: 'success', text: `${who}: ${answer.message}.` });
    } catch (error) {
      setFailure(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="move-level-title"
      aria-describedby="move-level-text"
      slotProps={{ paper: { sx: { width: 440, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="move-level-title">Price level of {who}</DialogTitle>
        <DialogContent>
          <DialogContentText id="move-level-text" sx={{ mb: 1 }}>
            They buy at {agent.priceLevel.name} prices now. Their next purchase, on the dashboard or through the API, is
            priced by the level you choose; orders already made keep their price.
          </DialogContentText>
          {levels.isLoading ? (
            <ScreenLoading label="Loading the price levels…" />
          ) : levels.data ? (
            <FormControl fullWidth margin="dense">
              <InputLabel variant="standard" htmlFor="move-level-select" shrink>
                Level
              </InputLabel>
              <NativeSelect
                id="move-level-select"
                value={levelId}
                onChange={(event) => setLevelId(event.target.value)}
                disabled={busy}
                inputProps={{ 'aria-describedby': 'move-level-summary' }}
              >
                {levels.data.map((level) => (
                  <option key={level.id} value={level.id}>
                    {level.name}
                  </option>
                ))}
              </NativeSelect>
              <DialogContentText id="move-level-summary" variant="caption" sx={{ mt: 0.5 }}>
                {chosen ? levelSummary(chosen) : ''}
              </DialogContentText>
            </FormControl>
          ) : (
            <Alert severity="error">Could not load the price levels. {errorMessage(levels.error)}</Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={busy}
            disabled={!levels.data || levelId === agent.priceLevel.id}
          >
            Move agent
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
