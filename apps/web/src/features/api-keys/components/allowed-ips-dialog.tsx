import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { TApiKey } from '@agentdesk/contract/api/api-keys';
import { MAX_ALLOWED_IPS } from '@agentdesk/contract/api/ip-rule';
import { errorMessage } from '../../../lib/http/error-message';
import { useUpdateApiKeyMutation } from '../api/api-key-mutations';
import { parseIpLines } from './ip-lines';

/** The addresses a key may be used from: one per line; empty allows any. */
export function AllowedIpsDialog({ apiKey, onClose }: { apiKey: TApiKey; onClose: () => void }) {
  const [updateApiKey] = useUpdateApiKeyMutation();
  const [text, setText] = useState(apiKey.allowedIps.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseIpLines(text);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    setSaving(true);
    try {
      const answer = await updateApiKey({ id: apiKey.id, allowedIps: parsed.allowedIps }).unwrap();
      toast.success(answer.message);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby="allowed-ips-title"
      aria-describedby="allowed-ips-text"
      slotProps={{ paper: { sx: { width: 460, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void save(event)}>
        <DialogTitle id="allowed-ips-title">Allowed IP addresses for {apiKey.name}</DialogTitle>
        <DialogContent>
          <DialogContentText id="allowed-ips-text" sx={{ mb: 1 }}>
            Calls with this key from any other address are refused. Leave the box empty to allow any address.
          </DialogContentText>
          <TextField
            label="Allowed IP addresses"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={
              problem ??
              `One per line: an address like 203.0.113.7 or a range like 203.0.113.0/24 (up to ${MAX_ALLOWED_IPS})`
            }
            multiline
            minRows={3}
            maxRows={10}
            fullWidth
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            Save addresses
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
