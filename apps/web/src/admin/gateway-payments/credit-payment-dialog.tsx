import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../components/text-input';
import { useDebouncedValue } from '../../features/transactions/components/use-debounced-value';
import { errorMessage, fieldErrors } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import {
  useAgentMatchesQuery,
  useCreditGatewayPaymentMutation,
  type TAgentMatch,
  type TGatewayPayment,
} from '../api/gateway-payments';
import type { ActionOutcome } from '../shared/outcome-alert';
import { isAlreadyDecided } from '../shared/reason-dialog';

const agentName = (agent: TAgentMatch) => `${agent.firstName} ${agent.lastName} (${agent.username})`;

/**
 * Crediting an unmatched payment: the operator finds the agent it belongs to (by name,
 * username, email or phone), says why, and the server credits the wallet once.
 */
export function CreditPaymentDialog({
  payment,
  onClose,
  onDone,
}: {
  payment: TGatewayPayment;
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const [credit] = useCreditGatewayPaymentMutation();
  const [search, setSearch] = useState('');
  const [reason, setReason] = useState('');
  const [chosen, setChosen] = useState<TAgentMatch | null>(null);
  const [errors, setErrors] = useState<{ agent?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const q = useDebouncedValue(search.trim());
  const matches = useAgentMatchesQuery(q, { skip: q.length < 3 });
  const found = q.length >= 3 ? (matches.data ?? []) : [];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const problems = {
      ...(chosen ? {} : { agent: 'Choose the agent this money belongs to' }),
      ...(reason.trim().length >= 3 ? {} : { reason: 'Reason is required' }),
    };
    setErrors(problems);
    if (!chosen || Object.keys(problems).length > 0) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await credit({ id: payment.id, agentId: chosen.id, reason: reason.trim() }).unwrap();
      onDone({
        severity: 'success',
        text: `Credited ${formatNaira(payment.amount)} (reference ${payment.reference}) to ${agentName(chosen)}.`,
      });
    } catch (error) {
      if (isAlreadyDecided(error)) {
        onDone({ severity: 'info', text: `${errorMessage(error)}. Nothing was credited.` });
        return;
      }
      const fields = fieldErrors(error);
      if (fields?.reason) setErrors({ reason: fields.reason });
      else setFailure(errorMessage(error));
      inFlight.current = false;
      setBusy(false);
    }
  }

  let results;
  if (q.length < 3) results = <FormHelperText>Type at least 3 characters to search.</FormHelperText>;
  else if (matches.isFetching && found.length === 0)
    results = <FormHelperText role="status">Searching…</FormHelperText>;
  else if (matches.isError) results = <FormHelperText error>{errorMessage(matches.error)}</FormHelperText>;
  else if (found.length === 0) results = <FormHelperText role="status">No agent matches “{q}”.</FormHelperText>;
  else
    results = (
      <RadioGroup
        name="agent"
        value={chosen?.id ?? ''}
        onChange={(event) => {
          setChosen(found.find((agent) => agent.id === event.target.value) ?? null);
          setErrors((current) => ({ ...current, agent: undefined }));
        }}
      >
        {found.map((agent) => (
          <FormControlLabel
            key={agent.id}
            value={agent.id}
            control={<Radio disabled={busy} />}
            label={
              <>
                <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {agentName(agent)}
                </Typography>
                <Typography variant="body2" component="span" color="text.secondary">
                  {agent.phone} · {agent.email} · balance {formatNaira(agent.balance)}
                </Typography>
              </>
            }
            sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
          />
        ))}
      </RadioGroup>
    );

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="credit-payment-title"
      aria-describedby="credit-payment-text"
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="credit-payment-title">Credit this payment to an agent?</DialogTitle>
        <DialogContent>
          <DialogContentText id="credit-payment-text" sx={{ mb: 2 }}>
            {formatNaira(payment.amount)}, reference {payment.reference}, goes into the wallet of the agent you choose,
            once.
          </DialogContentText>
          <TextInput
            name="search"
            label="Find the agent"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoFocus
            disabled={busy}
            maxLength={100}
            helperText="Name, username, email or phone"
          />
          <FormControl error={Boolean(errors.agent)} component="fieldset" sx={{ display: 'block', mb: 1 }}>
            <FormLabel component="legend" sx={{ typography: 'body2' }}>
              Agent
            </FormLabel>
            {results}
            {errors.agent && <FormHelperText>{errors.agent}</FormHelperText>}
          </FormControl>
          <TextInput
            name="reason"
            label="Reason"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
            required
            maxLength={300}
            disabled={busy}
            error={Boolean(errors.reason)}
            helperText={errors.reason ?? 'Why this money is theirs (the audit log keeps it)'}
          />
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
            {chosen ? `Credit ${chosen.username}` : 'Credit'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
