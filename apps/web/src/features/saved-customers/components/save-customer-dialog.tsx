import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  NETWORKS,
  TV_PROVIDERS,
  ZSaveCustomerRequest,
  type SavedCustomerKind,
  type TSaveCustomerRequest,
  type TSavedCustomer,
} from '@agentdesk/contract/saved-customers/saved-customer-fields';
import { TextInput } from '../../../components/text-input';
import { validate, type FieldErrors } from '../../../lib/forms/validate';
import { errorMessage, fieldErrors } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { SelectField } from '../../services/components/select-field';
import { useSaveCustomerMutation } from '../api/saved-customers';
import { NETWORK_LABELS } from '../../services/lib/network-prefix';
import { TV_LABELS } from '../../services/lib/provider-names';
import { customerDetails, KIND_WORDS } from './customer-words';
import { useDiscoNames } from './use-disco-names';

/** A customer as a purchase knew them: everything but the name. */
export type CustomerPreset = Omit<TSavedCustomer, 'id' | 'name' | 'createdAt'>;

const NUMBER_LABELS: Record<SavedCustomerKind, string> = {
  phone: 'Phone number',
  meter: 'Meter number',
  smartcard: 'Smartcard number',
};

/** The request the form's values make (the contract checks it, here and on the server). */
function requestOf(values: {
  kind: SavedCustomerKind;
  name: string;
  number: string;
  provider: string;
  meterType: string;
}): TSaveCustomerRequest {
  if (values.kind === 'phone')
    return {
      kind: 'phone',
      name: values.name,
      number: values.number,
      ...(values.provider ? { network: values.provider as (typeof NETWORKS)[number] } : {}),
    };
  if (values.kind === 'meter')
    return {
      kind: 'meter',
      name: values.name,
      number: values.number,
      disco: values.provider,
      meterType: values.meterType as 'prepaid' | 'postpaid',
    };
  return {
    kind: 'smartcard',
    name: values.name,
    number: values.number,
    provider: values.provider as (typeof TV_PROVIDERS)[number],
  };
}

/** The form's field of each request field, so an error lands beside what the agent typed. */
const FIELD_OF: Record<string, string> = { network: 'provider', disco: 'provider', provider: 'provider' };

/**
 * Saves a customer under a name. From a purchase's result (`preset`) only the name is asked:
 * the number and what it is with are the purchase's. From the list, everything is typed.
 */
export function SaveCustomerDialog({ preset, onClose }: { preset?: CustomerPreset; onClose: () => void }) {
  const [save] = useSaveCustomerMutation();
  const [values, setValues] = useState({
    kind: preset?.kind ?? 'phone',
    name: '',
    number: preset?.number ?? '',
    provider: preset?.provider ?? '',
    meterType: preset?.meterType ?? 'prepaid',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const discos = useDiscoNames(values.kind !== 'meter');

  function set(field: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [field]: value, ...(field === 'kind' ? { provider: '' } : {}) }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showErrors(found: Record<string, string | undefined>) {
    const mapped: FieldErrors = {};
    for (const [path, message] of Object.entries(found)) mapped[FIELD_OF[path] ?? path] ??= message;
    setErrors(mapped);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = validate(ZSaveCustomerRequest, requestOf(values));
    if (!checked.success) {
      showErrors(checked.errors);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await save(requestOf(values)).unwrap();
      toast.success(`Saved ${answer.data.name}`);
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) showErrors(fields);
      else setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  const kind = values.kind;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="save-customer-title"
      slotProps={{ paper: { sx: { width: 420, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="save-customer-title">Save customer</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            {preset ? (
              <DialogContentText>
                {KIND_WORDS[preset.kind]} {customerDetails({ ...preset, id: '', name: '', createdAt: '' }, discos)}
              </DialogContentText>
            ) : (
              <>
                <div>
                  <Typography id="save-customer-kind" variant="body2" component="p" sx={{ fontWeight: 500 }}>
                    What to save
                  </Typography>
                  <RadioGroup
                    row
                    aria-labelledby="save-customer-kind"
                    value={kind}
                    onChange={(event) => set('kind', event.target.value)}
                  >
                    <FormControlLabel value="phone" control={<Radio />} label="Phone" />
                    <FormControlLabel value="meter" control={<Radio />} label="Meter" />
                    <FormControlLabel value="smartcard" control={<Radio />} label="Smartcard" />
                  </RadioGroup>
                </div>
                <TextInput
                  label={NUMBER_LABELS[kind]}
                  name="number"
                  type={kind === 'phone' ? 'tel' : 'text'}
                  inputMode={kind === 'phone' ? 'tel' : 'numeric'}
                  autoComplete="off"
                  value={values.number}
                  maxLength={20}
                  onChange={(event) => set('number', event.target.value)}
                  error={Boolean(errors.number)}
                  helperText={errors.number ?? ' '}
                />
                {kind === 'phone' && (
                  <SelectField
                    label="Network (optional)"
                    value={values.provider}
                    onChange={(value) => set('provider', value)}
                    error={errors.provider}
                    helperText="Left empty, it is guessed from the number when you buy"
                  >
                    <option value="">Guess from the number</option>
                    {NETWORKS.map((network) => (
                      <option key={network} value={network}>
                        {NETWORK_LABELS[network]}
                      </option>
                    ))}
                  </SelectField>
                )}
                {kind === 'meter' && (
                  <>
                    <SelectField
                      label="Distribution company"
                      value={values.provider}
                      onChange={(value) => set('provider', value)}
                      error={errors.provider}
                    >
                      <option value="">Choose the DisCo</option>
                      {Object.entries(discos).map(([id, name]) => (
                        <option key={id} value={id}>
                          {name}
                        </option>
                      ))}
                    </SelectField>
                    <RadioGroup
                      row
                      aria-label="Meter type"
                      value={values.meterType}
                      onChange={(event) => set('meterType', event.target.value)}
                    >
                      <FormControlLabel value="prepaid" control={<Radio />} label="Prepaid" />
                      <FormControlLabel value="postpaid" control={<Radio />} label="Postpaid" />
                    </RadioGroup>
                  </>
                )}
                {kind === 'smartcard' && (
                  <SelectField
                    label="TV provider"
                    value={values.provider}
                    onChange={(value) => set('provider', value)}
                    error={errors.provider}
                  >
                    <option value="">Choose the provider</option>
                    {TV_PROVIDERS.map((provider) => (
                      <option key={provider} value={provider}>
                        {TV_LABELS[provider]}
                      </option>
                    ))}
                  </SelectField>
                )}
              </>
            )}
            <TextInput
              label="Customer name"
              name="name"
              autoComplete="off"
              autoFocus={Boolean(preset)}
              value={values.name}
              maxLength={60}
              onChange={(event) => set('name', event.target.value)}
              error={Boolean(errors.name ?? (preset ? errors.number : undefined))}
              helperText={errors.name ?? (preset ? errors.number : undefined) ?? 'The name you know them by'}
            />
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
