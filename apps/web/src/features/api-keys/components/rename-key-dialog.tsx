import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ZApiKeyName, type TApiKey } from '@agentdesk/contract/api/api-keys';
import { errorMessage } from '../../../lib/http/error-message';
import { useUpdateApiKeyMutation } from '../api/api-key-mutations';

export function RenameKeyDialog({ apiKey, onClose }: { apiKey: TApiKey; onClose: () => void }) {
  const [updateApiKey] = useUpdateApiKeyMutation();
  const [name, setName] = useState(apiKey.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZApiKeyName.safeParse(name);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the name');
      return;
    }
    setSaving(true);
    try {
      const answer = await updateApiKey({ id: apiKey.id, name: parsed.data }).unwrap();
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
      aria-labelledby="rename-key-title"
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void save(event)}>
        <DialogTitle id="rename-key-title">Rename API key</DialogTitle>
        <DialogContent>
          <TextField
            label="Key name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? 'Say where it is used, like “Shop website”'}
            fullWidth
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 60, autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            Save name
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
