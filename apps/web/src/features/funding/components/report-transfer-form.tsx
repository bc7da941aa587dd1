import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import type { TFundingAccount } from '@agentdesk/contract/funding/funding-account';
import { ZCreateFundingRequest } from '@agentdesk/contract/funding/funding-request';
import { parseNairaToKobo } from '@agentdesk/contract/money';
import { errorMessage, fieldErrors } from '../../../lib/http/error-message';
import { useFormFields } from '../../../lib/forms/use-form-fields';
import { validate } from '../../../lib/forms/validate';
import { formatNaira } from '../../../lib/money';
import { useCreateFundingRequestMutation } from '../api/funding-requests';
import { checkProof, readAsBase64 } from './read-proof';

/** Today in Lagos, as the transfer date field wants it. */
function todayInLagos(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
}

export function ReportTransferForm({ accounts }: { accounts: TFundingAccount[] }) {
  const [createFundingRequest] = useCreateFundingRequestMutation();
  const [submitting, setSubmitting] = useState(false);
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const initial = {
    accountId: accounts[0]?.id ?? '',
    amount: '',
    senderName: '',
    reference: '',
    transferDate: todayInLagos(),
  };
  const { values, field, setErrors, setValues } = useFormFields(initial);
  const account = accounts.find((candidate) => candidate.id === values.accountId);

  function chooseProof(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (!file) return;
    const check = checkProof(file);
    if (!check.ok) {
      setProof(null);
      setProofError(check.message);
      event.target.value = '';
      return;
    }
    setProof(file);
    setProofError(null);
  }

  function clearProof() {
    setProof(null);
    setProofError(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      accountId: values.accountId,
      amount: values.amount.trim().replace(/,/g, ''),
      senderName: values.senderName.trim(),
      reference: values.reference.trim(),
      transferDate: values.transferDate,
    };
    const checked = validate(ZCreateFundingRequest, body);
    const errors = checked.success ? {} : { ...checked.errors };
    const kobo = parseNairaToKobo(body.amount);
    if (!errors.amount && account && kobo !== null && kobo < (parseNairaToKobo(account.minimum) ?? 0n)) {
      errors.amount = `The minimum for this account is ${formatNaira(account.minimum)}`;
    }
    if (body.transferDate > todayInLagos()) errors.transferDate = 'The transfer date cannot be in the future';
    if (Object.keys(errors).length > 0) {
      setErrors(errors);
      return;
    }
    setSubmitting(true);
    try {
      const contentBase64 = proof ? await readAsBase64(proof) : undefined;
      const answer = await createFundingRequest({
        ...body,
        ...(proof && contentBase64 ? { proof: { fileName: proof.name.slice(-120), contentBase64 } } : {}),
      }).unwrap();
      toast.success(answer.message);
      setValues({ ...initial, accountId: values.accountId });
      clearProof();
    } catch (error) {
      const perField = fieldErrors(error);
      if (perField?.proof) setProofError(perField.proof);
      if (perField) setErrors(perField);
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="report-transfer-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="report-transfer-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Report a transfer
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        After you transfer, tell us here. Your wallet is credited once the provider confirms it.
      </Typography>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack spacing={0.5}>
          <TextField
            {...field('accountId')}
            select
            label="Account you paid into"
            margin="dense"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {accounts.map((option) => (
              <option key={option.id} value={option.id}>
                {option.bankName} · {option.accountNumber}
              </option>
            ))}
          </TextField>
          <TextField
            {...field('amount')}
            label="Amount sent (₦)"
            margin="dense"
            required
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
          <TextField
            {...field('senderName')}
            label="Sender name"
            margin="dense"
            required
            slotProps={{ htmlInput: { autoComplete: 'name', maxLength: 100 } }}
          />
          <TextField
            {...field('reference')}
            label="Transfer reference"
            margin="dense"
            required
            slotProps={{ htmlInput: { maxLength: 60, autoComplete: 'off' } }}
          />
          <TextField
            {...field('transferDate')}
            label="Transfer date"
            type="date"
            margin="dense"
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayInLagos() } }}
          />
          <Box
            sx={{
              py: 1,
              position: 'relative',
              '&:has(input:focus-visible) label': { outline: '2px solid', outlineOffset: 2 },
            }}
          >
            <input
              ref={fileInput}
              id="funding-proof"
              type="file"
              accept="image/png,image/jpeg,image/webp,application/pdf"
              onChange={chooseProof}
              aria-describedby="funding-proof-help"
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            />
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Button
                component="label"
                htmlFor="funding-proof"
                variant="outlined"
                startIcon={<AttachFile />}
                // The hidden input itself takes keyboard focus (one tab stop); the label shows it.
                tabIndex={-1}
                // A <label>, not a button: MUI would give it role="button", which a label may not have.
                role={undefined}
              >
                Proof of transfer (optional)
              </Button>
              {proof && (
                <>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {proof.name} ({Math.ceil(proof.size / 1024)} KB)
                  </Typography>
                  <Button size="small" onClick={clearProof}>
                    Remove
                  </Button>
                </>
              )}
            </Stack>
            <FormHelperText id="funding-proof-help" error={Boolean(proofError)}>
              {proofError ?? 'A screenshot or PDF of the receipt, at most 2 MB'}
            </FormHelperText>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={submitting} disabled={accounts.length === 0}>
            Submit report
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
