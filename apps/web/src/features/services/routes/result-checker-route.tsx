import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { normalizeNigerianPhone } from '@agentdesk/contract/phone';
import { TextInput } from '../../../components/text-input';
import { formatNaira } from '../../../lib/money';
import { useListServicesQuery } from '../api/list-services';
import { PhoneField } from '../components/phone-field';
import { SelectField } from '../components/select-field';
import { ServiceScreen } from '../components/service-screen';
import { usePurchase } from '../components/use-purchase';
import { useRecent } from '../components/use-recent';
import { checkQuantity, koboToNaira, MAX_QUANTITY, toKobo } from '../lib/amount-rules';

const EXAMS = ['waec', 'waec-registration', 'neco', 'nabteb', 'jamb'] as const;
type Exam = (typeof EXAMS)[number];

function isExam(value: string): value is Exam {
  return (EXAMS as readonly string[]).includes(value);
}

export function ResultCheckerRoute() {
  const services = useListServicesQuery('result-checker');
  const [recent, remember] = useRecent('result-checker');
  const purchase = usePurchase({ onOrder: (order) => remember(order.recipient) });
  const [exam, setExam] = useState('');
  const [variationCode, setVariationCode] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'exam' | 'quantity' | 'phone', string>>>({});

  const service = services.data?.data.find((item) => item.id === exam);
  const variations = service?.variations ?? [];
  const variation = variations.find((item) => item.code === variationCode) ?? variations[0];

  function submit(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeNigerianPhone(phone);
    const next: typeof errors = {};
    if (!service || !variation || !isExam(exam)) next.exam = 'Choose the exam';
    const quantityError = checkQuantity(quantity);
    if (quantityError) next.quantity = quantityError;
    if (!normalized) next.phone = 'Enter a Nigerian mobile number, like 08031234567';
    setErrors(next);
    if (!service || !variation || !isExam(exam) || quantityError || !normalized) return;
    const count = Number(quantity);
    purchase.review({
      body: {
        service: 'result-checker',
        exam,
        ...(variations.length > 1 ? { variationCode: variation.code } : {}),
        quantity: count,
        phone: normalized,
      },
      lines: [
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
        <form noValidate onSubmit={submit}>
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
                setErrors((current) => ({ ...current, exam: undefined }));
              }}
              error={errors.exam}
              helperText={
                variation
                  ? `You pay ${formatNaira(variation.price)} each · Face value ${formatNaira(variation.faceValue)}`
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
            <TextInput
              label="Quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              value={quantity}
              onChange={(event) => {
                setQuantity(event.target.value);
                setErrors((current) => ({ ...current, quantity: undefined }));
              }}
              error={Boolean(errors.quantity)}
              helperText={errors.quantity ?? `1 to ${MAX_QUANTITY} at once`}
            />
            <div>
              <PhoneField
                label="Customer phone"
                value={phone}
                onChange={(value) => {
                  setPhone(value);
                  setErrors((current) => ({ ...current, phone: undefined }));
                }}
                error={errors.phone}
                recent={recent}
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
