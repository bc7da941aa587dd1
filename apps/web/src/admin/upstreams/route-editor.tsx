import { useId, useState } from 'react';
import type { TUpstream } from '@agentdesk/contract/admin/upstreams';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import { errorMessage } from '../../lib/http/error-message';

/**
 * A service's route being edited: its upstreams in order, moved up and down and removed with
 * buttons (no dragging), another added from a list. Saving sends the whole order.
 */
export function RouteEditor({
  serviceName,
  initial,
  upstreams,
  onSave,
  onCancel,
}: {
  serviceName: string;
  initial: string[];
  upstreams: TUpstream[];
  onSave: (order: string[]) => Promise<void>;
  onCancel: () => void;
}) {
  const [order, setOrder] = useState(initial);
  const [adding, setAdding] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const selectId = `${useId()}-add`;
  const nameOf = (id: string) => upstreams.find((upstream) => upstream.id === id)?.name ?? id;
  const addable = upstreams.filter((upstream) => !order.includes(upstream.id));
  const chosen = adding && addable.some((upstream) => upstream.id === adding) ? adding : (addable[0]?.id ?? '');

  function move(index: number, by: -1 | 1) {
    setOrder((current) => {
      const next = [...current];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });
  }

  async function save() {
    setBusy(true);
    setFailure(null);
    try {
      await onSave(order);
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Box sx={{ mt: 1.5 }}>
      {order.length === 0 ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          No upstream chosen: orders go to the catalogue’s upstream alone.
        </Typography>
      ) : (
        <Box component="ol" aria-label={`Route of ${serviceName}`} sx={{ pl: 3, my: 1 }}>
          {order.map((id, index) => (
            <li key={id}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ minWidth: 120, fontWeight: 500 }}>
                  {nameOf(id)}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`Move ${nameOf(id)} up`}
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpward fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={`Move ${nameOf(id)} down`}
                  disabled={busy || index === order.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownward fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={`Remove ${nameOf(id)}`}
                  disabled={busy}
                  onClick={() => setOrder((current) => current.filter((other) => other !== id))}
                >
                  <Close fontSize="small" />
                </IconButton>
              </Stack>
            </li>
          ))}
        </Box>
      )}
      {addable.length > 0 && (
        <Stack direction="row" sx={{ alignItems: 'flex-end', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <FormControl margin="dense" sx={{ minWidth: 180 }}>
            <InputLabel variant="standard" htmlFor={selectId} shrink>
              Upstream to add
            </InputLabel>
            <NativeSelect
              id={selectId}
              value={chosen}
              disabled={busy}
              onChange={(event) => setAdding(event.target.value)}
            >
              {addable.map((upstream) => (
                <option key={upstream.id} value={upstream.id}>
                  {upstream.name}
                  {upstream.enabled ? '' : ' (off)'}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <Button
            size="small"
            disabled={busy || !chosen}
            onClick={() => {
              setOrder((current) => [...current, chosen]);
              setAdding('');
            }}
          >
            Add to the route
          </Button>
        </Stack>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button variant="contained" size="small" loading={busy} onClick={() => void save()}>
          Save route
        </Button>
        <Button size="small" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
