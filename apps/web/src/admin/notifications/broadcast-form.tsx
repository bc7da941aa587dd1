import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import Send from '@mui/icons-material/Send';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextInput } from '../../components/text-input';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { fieldErrors } from '../../lib/http/error-message';
import { useSendBroadcastMutation } from '../api/notifications';
import { NotificationPreview } from './notification-preview';

/**
 * A new broadcast: its title and message, a live preview of how agents will see it, and a
 * confirmation before it goes to every agent (it cannot be taken back). The server checks the
 * text; its message for a field shows under that field.
 */
export function BroadcastForm({ onSent }: { onSent: (text: string) => void }) {
  const form = useFormFields({ title: '', body: '' });
  const [confirming, setConfirming] = useState(false);
  const [send] = useSendBroadcastMutation();
  const [now] = useState(() => new Date().toISOString());

  function review(event: FormEvent) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (form.values.title.trim() === '') errors.title = 'Title is required';
    if (form.values.body.trim() === '') errors.body = 'Message is required';
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) setConfirming(true);
  }

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="new-broadcast-title"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id="new-broadcast-title" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
        New broadcast
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: { xs: 2, md: 3 } }}>
        <Box component="form" noValidate onSubmit={review} aria-label="New broadcast">
          <TextInput label="Title" maxLength={120} autoComplete="off" {...form.field('title')} />
          <MessageInput
            value={form.values.body}
            error={form.errors.body}
            onChange={(value) => {
              form.setValues((current) => ({ ...current, body: value }));
              form.setErrors((current) => ({ ...current, body: undefined }));
            }}
          />
          <Button type="submit" variant="contained" startIcon={<Send />} sx={{ mt: 1 }}>
            Send to every agent
          </Button>
        </Box>
        <div>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            How agents will see it
          </Typography>
          <NotificationPreview title={form.values.title} body={form.values.body} now={now} />
        </div>
      </Box>
      {confirming && (
        <ConfirmDialog
          idPrefix="send-broadcast"
          title="Send to every agent?"
          confirmLabel="Send now"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              const answer = await send({ title: form.values.title, body: form.values.body }).unwrap();
              setConfirming(false);
              form.setValues({ title: '', body: '' });
              onSent(`${answer.message}: “${answer.data.title}”.`);
            } catch (error) {
              const fields = fieldErrors(error);
              if (fields && (fields.title || fields.body)) {
                setConfirming(false);
                form.setErrors({ title: fields.title, body: fields.body });
                return;
              }
              throw error;
            }
          }}
        >
          “{form.values.title.trim()}” goes to every agent’s notifications now, and cannot be taken back.
        </ConfirmDialog>
      )}
    </Paper>
  );
}

/** The message: several lines, labelled, its error under it (TextInput is one line). */
function MessageInput({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FormControl fullWidth error={Boolean(error)} variant="outlined" margin="dense">
      <InputLabel htmlFor="broadcast-body">Message</InputLabel>
      <OutlinedInput
        id="broadcast-body"
        name="body"
        label="Message"
        multiline
        minRows={4}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ maxLength: 2000, 'aria-describedby': 'broadcast-body-helper' }}
      />
      <FormHelperText id="broadcast-body-helper">{error ?? 'Line breaks show as they are'}</FormHelperText>
    </FormControl>
  );
}
