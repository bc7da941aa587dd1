import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ZSaveWebhookRequest, type TSaveWebhookRequest, type TWebhookSettings } from '@agentdesk/contract/api/webhooks';
import { fieldErrors } from '../../../lib/http/error-message';
import { validate, type FieldErrors } from '../../../lib/forms/validate';

/**
 * The URL and the on/off switch, checked with the contract's schema before sending; the
 * server's own refusals (https in production, a private address) land under the field too.
 */
export function WebhookForm({
  settings,
  onSave,
}: {
  settings: TWebhookSettings;
  /** Resolves when saved; rejects with the server's error. */
  onSave: (body: TSaveWebhookRequest) => Promise<void>;
}) {
  const [url, setUrl] = useState(settings.url ?? '');
  const [enabled, setEnabled] = useState(settings.url ? settings.enabled : true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // An empty field removes the URL (and so turns the webhook off).
    const checked = validate(ZSaveWebhookRequest, { url: url.trim() === '' ? null : url, enabled });
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      await onSave(checked.data);
    } catch (error) {
      setErrors(fieldErrors(error) ?? {});
    } finally {
      setSaving(false);
    }
  }

  const problem = errors.url ?? errors.enabled ?? errors.form;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Webhook settings">
      <TextField
        label="Webhook URL"
        name="url"
        type="url"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setErrors({});
        }}
        error={Boolean(problem)}
        helperText={problem ?? 'Where we POST each event, e.g. https://shop.example.com/agentdesk/webhook'}
        placeholder="https://"
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { maxLength: 2048, autoComplete: 'url', inputMode: 'url', spellCheck: false } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mt: 1 }}>
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} name="enabled" />}
          label="Send events"
        />
        <Box sx={{ flex: 1 }} />
        <Button type="submit" variant="contained" loading={saving}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
