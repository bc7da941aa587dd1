import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { normalizeNigerianPhone } from '@agentdesk/contract/phone';
import { TextInput } from '../../../components/text-input';
import { errorMessage } from '../../../lib/http/error-message';
import { classifyError, fieldErrors } from '../../../lib/http/error-message';
import { formatNaira } from '../../../lib/money';
import { useListServicesQuery } from '../api/list-services';
import { useLazyValidateJambProfileQuery } from '../api/validate-jamb-profile';
import { PhoneField } from '../components/phone-field';
import { SelectField } from '../components/select-field';
import { ServiceScreen } from '../components/service-screen';
import { SummaryList } from '../components/summary-list';
import { usePurchase } from '../components/use-purchase';
import { useRecent } from '../components/use-recent';
import { checkQuantity, koboToNaira, MAX_QUANTITY, toKobo } from '../lib/amount-rules';

const EXAMS = ['waec', 'waec-registration', 'neco', 'nabteb', 'jamb'] as const;
type Exam = (typeof EXAMS)[number];
type Field = 'exam' | 'profile' | 'quantity' | 'phone';

function isExam(value: string): value is Exam {
  return (EXAMS as readonly string[]).includes(value);
}

const PROFILE_HELP = 'The candidate’s JAMB profile ID';
const PROFILE_NOT_FOUND = 'We could not find this profile ID. Check the 10 digits with the candidate.';

export function ResultCheckerRoute() {
  const services = useListServicesQuery('result-checker');
  const [recent, remember] = useRecent('result-checker');
  // A JAMB order's recipient is the candidate's profile ID, not a phone to offer again.
  const purchase = usePurchase({
    onOrder: (order) => {
      if (order.serviceId !== 'jamb') remember(order.recipient);
    },
  });
  const [validate, validation] = useLazyValidateJambProfileQuery();
  const [exam, setExam] = useState('');
  const [variationCode, setVariationCode] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [profileId, setProfileId] = useState('');
  const [verified, setVerified] = useState<{ key: string; customerName: string } | null>(null);
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const service = services.data?.data.find((item) => item.id === exam);
  const variations = service?.variations ?? [];
  const variation = variations.find((item) => item.code === variationCode) ?? variations[0];
  const jamb = exam === 'jamb';
  // The upstream verifies a profile for one PIN: another PIN or another ID asks again.
  const profileKey = `${variation?.code ?? ''}|${profileId}`;
  const candidate = jamb && verified?.key === profileKey ? verified : null;

  const clearError = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  async function verify() {
    if (!variation) {
      setErrors((current) => ({ ...current, exam: 'Choose the exam' }));
      return;
    }
    if (!/^\d{10}$/.test(profileId)) {
      setErrors((current) => ({ ...current, profile: 'Profile ID is the 10 digits from JAMB' }));
      return;
    }
    try {
      const answer = await validate({ profile_id: profileId, variation_code: variation.code }).unwrap();
      setVerified({ key: profileKey, customerName: answer.data.customerName });
    } catch (error) {
      // A profile the upstream does not know is the agent's to correct; anything else (the
      // upstream unreachable, the network) is said as it is.
      const unknown = classifyError(error) === 'client' && fieldErrors(error)?.profile_id !== undefined;
      setErrors((current) => ({ ...current, profile: unknown ? PROFILE_NOT_FOUND : undefined }));
      if (!unknown) toast.error(errorMessage(error));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (jamb && !candidate) {
      void verify();
      return;
    }
    const normalized = normalizeNigerianPhone(phone);
    const next: typeof errors = {};
    if (!service || !variation || !isExam(exam)) next.exam = 'Choose the exam';
    const quantityError = jamb ? null : checkQuantity(quantity);
    if (quantityError) next.quantity = quantityError;
    if (!normalized) next.phone = 'Enter a Nigerian mobile number, like 08031234567';
    setErrors(next);
    if (!service || !variation || !isExam(exam) || quantityError || !normalized) return;
    const count = jamb ? 1 : Number(quantity);
    purchase.review({
      body: {
        service: 'result-checker',
        exam,
        ...(variations.length > 1 ? { variationCode: variation.code } : {}),
        quantity: count,
        ...(candidate ? { profileId } : {}),
        phone: normalized,
      },
      lines: candidate
        ? [
            ['Exam', variation.name],
            ['Profile ID', profileId],
            ['Candidate', candidate.customerName],
            ['Phone', normalized],
          ]
        : [
            ['Exam', variation.name],
            ['Quantity', String(count)],
            ['Phone', normalized],
          ],
      faceValue: koboToNaira((toKobo(variation.faceValue) ?? 0) * count),
      price: koboToNaira((toKobo(variation.price) ?? 0) * count),
    });
  }

  return (
    <ServiceScreen title="Result Checker">
      {purchase.result ?? (
        <form noValidate onSubmit={submit} aria-busy={services.isLoading}>
          <Stack spacing={1.5}>
            {services.isError && (
              <Alert severity="error">Could not load the exams. Reload the page to try again.</Alert>
            )}
            <SelectField
              label="Exam"
              value={exam}
              onChange={(value) => {
                setExam(value);
                setVariationCode('');
                clearError('exam');
              }}
              error={errors.exam}
              helperText={
                variation
                  ? `You pay ${formatNaira(variation.price)}${jamb ? '' : ' each'} · Face value ${formatNaira(variation.faceValue)}`
                  : undefined
              }
            >
              <option value="">Choose the exam</option>
              {services.data?.data.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </SelectField>
            {variations.length > 1 && (
              <SelectField label="Type" value={variation?.code ?? ''} onChange={setVariationCode}>
                {variations.map((item) => (
                  <option key={item.code} value={item.code}>
                    {`${item.name} (${formatNaira(item.price)})`}
                  </option>
                ))}
              </SelectField>
            )}
            {jamb ? (
              <>
                <TextInput
                  label="Profile ID"
                  name="profileId"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={10}
                  value={profileId}
                  onChange={(event) => {
                    setProfileId(event.target.value.replace(/\D/g, ''));
                    clearError('profile');
                  }}
                  error={Boolean(errors.profile)}
                  helperText={errors.profile ?? PROFILE_HELP}
                />
                {candidate ? (
                  <Alert severity="success" aria-live="polite">
                    <SummaryList
                      lines={[
                        ['Candidate', candidate.customerName],
                        ['Profile ID', profileId],
                      ]}
                    />
                  </Alert>
                ) : (
                  <Button variant="outlined" onClick={() => void verify()} loading={validation.isFetching}>
                    Verify profile ID
                  </Button>
                )}
              </>
            ) : (
              <TextInput
                label="Quantity"
                name="quantity"
                type="number"
                inputMode="numeric"
                value={quantity}
                onChange={(event) => {
                  setQuantity(event.target.value);
                  clearError('quantity');
                }}
                error={Boolean(errors.quantity)}
                helperText={errors.quantity ?? `1 to ${MAX_QUANTITY} at once`}
              />
            )}
            <div>
              <PhoneField
                label="Customer phone"
                value={phone}
                onChange={(value) => {
                  setPhone(value);
                  clearError('phone');
                }}
                error={errors.phone}
                recent={recent}
                onPickSaved={(customer) => {
                  setPhone(customer.number);
                  clearError('phone');
                }}
              />
            </div>
            <Button type="submit" variant="contained" size="large" disabled={services.isLoading}>
              Continue
            </Button>
          </Stack>
        </form>
      )}
      {purchase.dialog}
    </ServiceScreen>
  );
}
