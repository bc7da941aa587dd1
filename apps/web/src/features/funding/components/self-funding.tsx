import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import { ZKycRequest, type TGatewayFee, type TKycState } from '@agentdesk/contract/funding/kyc';
import { errorMessage, fieldErrors } from '../../../lib/http/error-message';
import { useFormFields } from '../../../lib/forms/use-form-fields';
import { validate } from '../../../lib/forms/validate';
import { formatNaira } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useKycQuery, useSubmitKycMutation } from '../api/kyc';
import { useListBanksQuery } from '../../banks/api/banks';
import { api } from '../../../lib/http/api';

/** How often Fund Wallet asks again while Paystack is checking the agent's bank account. */
const IDENTIFICATION_POLL_MS = 3_000;

/** Paystack is checking the bank account (its answer comes by webhook): the state is read again until it has. */
function IdentificationPending() {
  const dispatch = useDispatch();
  useKycQuery(undefined, { pollingInterval: IDENTIFICATION_POLL_MS, skipPollingIfUnfocused: true });
  // Gone once Paystack has answered: the accounts Fund Wallet lists (manual funding's too) are read again.
  useEffect(() => () => void dispatch(api.util.invalidateTags(['Funding'])), [dispatch]);
  return (
    <Alert severity="info" role="status">
      Your BVN and bank account are being checked with Paystack. This usually takes a minute or two; your account
      numbers will appear here.
    </Alert>
  );
}

const GATEWAY = { monnify: 'Monnify', paystack: 'Paystack' } as const;

/** "1.5% (at most ₦2,000.00)", "₦50.00 + 1%", "no fee". */
export function feeWords(fee: TGatewayFee): string {
  const flat = Number(fee.flat) > 0 ? formatNaira(fee.flat) : '';
  const percent = Number(fee.percent) > 0 ? `${Number(fee.percent)}%` : '';
  const charged = [flat, percent].filter(Boolean).join(' + ');
  if (!charged) return 'no fee';
  return fee.cap && percent ? `${charged} (at most ${formatNaira(fee.cap)})` : charged;
}

/** What each gateway keeps from a transfer, in a sentence per gateway. */
export function FeeNotice({ fees }: { fees: TGatewayFee[] }) {
  return (
    <>
      {fees.map((fee) => (
        <Typography key={fee.provider} variant="body2" color="text.secondary">
          {feeWords(fee) === 'no fee'
            ? `Transfers to your ${GATEWAY[fee.provider]} account are credited in full.`
            : `A fee of ${feeWords(fee)} is taken from each transfer to your ${GATEWAY[fee.provider]} account.`}
        </Typography>
      ))}
    </>
  );
}

/** The identity check that gives the agent their own account numbers (decision 046). */
export function IdentityCheck({ state }: { state: TKycState }) {
  const [submitKyc] = useSubmitKycMutation();
  const [submitting, setSubmitting] = useState(false);
  const banks = useListBanksQuery(undefined, { skip: !state.bankAccountRequired });
  const { values, field, setErrors } = useFormFields({
    idType: state.bankAccountRequired ? 'bvn' : (state.idType ?? 'bvn'),
    idNumber: '',
    firstName: state.firstName ?? '',
    lastName: state.lastName ?? '',
    bankCode: '',
    bankAccountNumber: '',
  });

  if (state.status === 'pending') return <IdentificationPending />;

  if (state.status === 'verified') {
    return (
      <Alert severity="success" icon={<VerifiedUser />}>
        Identity verified: {state.idType === 'nin' ? 'NIN' : 'BVN'} {state.maskedId} ({state.firstName} {state.lastName}
        ).
      </Alert>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      idType: values.idType as 'bvn' | 'nin',
      idNumber: values.idNumber.replace(/\s/g, ''),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      ...(state.bankAccountRequired
        ? { bankCode: values.bankCode, bankAccountNumber: values.bankAccountNumber.replace(/[\s-]/g, '') }
        : {}),
    };
    const checked = validate(ZKycRequest, body);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await submitKyc(body).unwrap();
      toast.success(answer.message);
    } catch (error) {
      const perField = fieldErrors(error);
      if (perField) setErrors(perField);
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="identity-check-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="identity-check-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Get your own account numbers
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Complete your identity check to get your own account numbers. Transfers to them reach your wallet automatically,
        with nothing to report. Banks require {state.bankAccountRequired ? 'your BVN' : 'a BVN or NIN'} for these
        accounts, and the names must be exactly as on it.
      </Typography>
      {state.status === 'failed' && state.failureMessage && (
        <Alert severity="error" sx={{ mb: 1 }}>
          Your last check did not go through: {state.failureMessage}
        </Alert>
      )}
      {/* Busy while the banks load: "Your bank" is disabled until then, and its label's colour
          changes as it is enabled. */}
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label="Identity check"
        aria-busy={state.bankAccountRequired && banks.isLoading}
      >
        <Stack spacing={0.5}>
          {!state.bankAccountRequired && (
            <TextField
              {...field('idType')}
              select
              label="Identity number"
              margin="dense"
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="bvn">BVN (Bank Verification Number)</option>
              <option value="nin">NIN (National Identification Number)</option>
            </TextField>
          )}
          <TextField
            {...field('idNumber')}
            label={values.idType === 'nin' ? 'NIN (11 digits)' : 'BVN (11 digits)'}
            margin="dense"
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 14 } }}
          />
          <TextField
            {...field('firstName')}
            label="First name, as on the ID"
            margin="dense"
            required
            slotProps={{ htmlInput: { autoComplete: 'given-name', maxLength: 60 } }}
          />
          <TextField
            {...field('lastName')}
            label="Last name, as on the ID"
            margin="dense"
            required
            slotProps={{ htmlInput: { autoComplete: 'family-name', maxLength: 60 } }}
          />
          {state.bankAccountRequired && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Paystack checks your BVN with a bank account in your name that is linked to it.
              </Typography>
              <TextField
                {...field('bankCode')}
                select
                label="Your bank"
                margin="dense"
                required
                disabled={!banks.data}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{banks.isError ? 'Could not load the banks' : 'Choose a bank'}</option>
                {(banks.data?.data ?? []).map((bank) => (
                  <option key={bank.code} value={bank.code}>
                    {bank.name}
                  </option>
                ))}
              </TextField>
              <TextField
                {...field('bankAccountNumber')}
                label="Your account number (10 digits)"
                margin="dense"
                required
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 13 } }}
              />
            </>
          )}
          <Typography variant="body2" color="text.secondary">
            Your number is kept encrypted and only ever shown masked.
          </Typography>
          <Button type="submit" variant="contained" size="large" loading={submitting} sx={{ mt: 1 }}>
            Verify and get my accounts
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
