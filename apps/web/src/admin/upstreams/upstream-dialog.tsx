import { useRef, useState, type FormEvent } from 'react';
import {
  createUpstream,
  type updateUpstream,
  UPSTREAM_KINDS,
  ZUpstreamCredentials,
  type TUpstream,
} from '@agentdesk/contract/admin/upstreams';
import type { EndpointBody } from '@agentdesk/contract/endpoint';
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
import Typography from '@mui/material/Typography';
import { TextInput } from '../../components/text-input';
import { useFormFields } from '../../lib/forms/use-form-fields';
import { validate, type FieldErrors } from '../../lib/forms/validate';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';
import { useCreateUpstreamMutation, useUpdateUpstreamMutation } from '../api/upstreams';
import { CREDENTIAL_FIELDS, KIND_WORDS, type UpstreamKind } from './upstream-words';

const ZCreateBody = createUpstream.body!;
type Credentials = NonNullable<EndpointBody<typeof updateUpstream>['credentials']>;
const EMPTY_CREDENTIALS = { apiKey: '', publicKey: '', secretKey: '', userId: '' };

/**
 * Adds an upstream, or changes one's name, address or credentials. Credentials are write-only:
 * the fields start empty whatever is stored, and on an edit they are sent only when filled in
 * (all of the kind's together), so leaving them empty keeps the stored ones.
 */
export function UpstreamDialog({
  upstream,
  onSaved,
  onClose,
}: {
  /** Absent: a new upstream. */
  upstream?: TUpstream;
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  const [create] = useCreateUpstreamMutation();
  const [update] = useUpdateUpstreamMutation();
  const [kind, setKind] = useState<UpstreamKind>(upstream?.kind ?? 'vtpass');
  const { values, field, setErrors } = useFormFields({
    id: '',
    name: upstream?.name ?? '',
    baseUrl: upstream?.baseUrl ?? '',
    ...EMPTY_CREDENTIALS,
  });
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const locked = upstream?.setByEnvironment ?? false;
  const credentialNames = CREDENTIAL_FIELDS[kind].map(([name]) => name);

  function credentialsOf(): { errors: FieldErrors | null; credentials?: Credentials } {
    const given = Object.fromEntries(credentialNames.map((name) => [name, values[name as keyof typeof values]]));
    // On an edit, credentials left empty stay as they are.
    if (upstream && Object.values(given).every((value) => value.trim() === '')) return { errors: null };
    const checked = validate(ZUpstreamCredentials, { kind, ...given });
    return checked.success ? { errors: null, credentials: checked.data } : { errors: checked.errors };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const baseUrl = values.baseUrl.trim() === '' ? null : values.baseUrl.trim();
    const { errors: credentialErrors, credentials } = locked ? { errors: null } : credentialsOf();
    const checked = validate(ZCreateBody.omit({ credentials: true }), {
      id: upstream ? upstream.id : values.id,
      name: values.name,
      baseUrl,
    });
    if (!checked.success || credentialErrors) {
      setErrors({ ...(checked.success ? {} : checked.errors), ...credentialErrors });
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const answer = upstream
        ? await update({
            id: upstream.id,
            name: checked.data.name,
            ...(locked ? {} : { baseUrl: checked.data.baseUrl }),
            ...(credentials ? { credentials } : {}),
          }).unwrap()
        : await create({ ...checked.data, credentials: credentials! }).unwrap();
      onSaved(`${answer.message}.`);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields && Object.keys(fields).some((name) => ['id', 'name', 'baseUrl'].includes(name))) setErrors(fields);
      else setFailure(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="upstream-dialog-title"
      aria-describedby="upstream-dialog-text"
      slotProps={{ paper: { sx: { width: 480, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="upstream-dialog-title">{upstream ? `Edit ${upstream.name}` : 'Add an upstream'}</DialogTitle>
        <DialogContent>
          <DialogContentText id="upstream-dialog-text" sx={{ mb: 1 }}>
            {upstream
              ? 'Stored credentials are never shown. Leave them empty to keep them; fill them all in to replace them.'
              : 'Its credentials are stored encrypted and never shown again. It takes orders once a route names it.'}
          </DialogContentText>
          {!upstream && (
            <>
              <FormControl fullWidth margin="dense" sx={{ mb: 2 }}>
                <InputLabel variant="standard" htmlFor="upstream-kind" shrink>
                  Kind
                </InputLabel>
                <NativeSelect
                  id="upstream-kind"
                  value={kind}
                  disabled={busy}
                  onChange={(event) => setKind(event.target.value as UpstreamKind)}
                >
                  {UPSTREAM_KINDS.map((value) => (
                    <option key={value} value={value}>
                      {KIND_WORDS[value]}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              <TextInput
                {...field('id')}
                label="Id (lowercase letters, digits, dashes)"
                required
                autoFocus
                maxLength={32}
                disabled={busy}
              />
            </>
          )}
          <TextInput {...field('name')} label="Name" required maxLength={80} disabled={busy} autoFocus={!!upstream} />
          {locked ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Its address and credentials are set by the server’s environment: change them there and restart.
            </Typography>
          ) : (
            <>
              <TextInput
                {...field('baseUrl')}
                label="Address (empty: the built-in sandbox)"
                placeholder="https://…/"
                maxLength={300}
                disabled={busy}
              />
              {CREDENTIAL_FIELDS[kind].map(([name, label]) => (
                <TextInput
                  key={name}
                  {...field(name as keyof typeof EMPTY_CREDENTIALS)}
                  label={upstream ? `New ${label}` : label}
                  required={!upstream}
                  type="password"
                  autoComplete="new-password"
                  maxLength={200}
                  disabled={busy}
                />
              ))}
            </>
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
          <Button type="submit" variant="contained" loading={busy}>
            {upstream ? 'Save changes' : 'Add upstream'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
