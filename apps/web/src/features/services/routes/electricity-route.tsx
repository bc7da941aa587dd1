import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { normalizeNigerianPhone } from '@agentdesk/contract/phone';
import { TextInput } from '../../../components/text-input';
import { errorMessage } from '../../../lib/http/error-message';
import { fieldErrors } from '../../../lib/http/error-message';
import { formatNaira } from '../../../lib/money';
import { useListServicesQuery } from '../api/list-services';
import { useLazyValidateMeterQuery } from '../api/validate-meter';
import { PhoneField } from '../components/phone-field';
import { SavedCustomerPicker } from '../../saved-customers/components/saved-customer-picker';
import { RecentRecipients } from '../components/recent-recipients';
import { SelectField } from '../components/select-field';
import { ServiceScreen } from '../components/service-screen';
import { SummaryList } from '../components/summary-list';
import { usePurchase } from '../components/use-purchase';
import { useRecent } from '../components/use-recent';
import { discoName } from '../lib/provider-names';
import { checkAmount, discountedPrice, koboToNaira, toKobo } from '../lib/amount-rules';

type MeterType = 'prepaid' | 'postpaid';
type Meter = { disco: string; meterType: MeterType; number: string };

/** The larger of two naira minimums (the service's and the meter's). */
function largerMinimum(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return (toKobo(a) ?? 0) >= (toKobo(b) ?? 0) ? a : b;
}

export function ElectricityRoute() {
  const services = useListServicesQuery('electricity');
  const [recent, remember] = useRecent('electricity');
  const purchase = usePurchase({ onOrder: (order) => remember(order.recipient) });
  const [validate, validation] = useLazyValidateMeterQuery();
  const [disco, setDisco] = useState('');
  const [meterType, setMeterType] = useState<MeterType>('prepaid');
  const [meterNumber, setMeterNumber] = useState('');
  const [amount, setAmount] = useState('');
  const [phone, setPhone] = useState('');
  const [verified, setVerified] = useState<{
    key: string;
    customerName: string;
    address: string | null;
    minimumAmount: string | null;
    arrears: string | null;
  } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'disco' | 'meter' | 'amount' | 'phone', string>>>({});

  const service = services.data?.data.find((item) => item.id === disco);
  const keyOf = (meter: Meter) => `${meter.disco}|${meter.meterType}|${meter.number}`;
  const meterKey = keyOf({ disco, meterType, number: meterNumber.trim() });
  const customer = verified?.key === meterKey ? verified : null;
  const minimum = largerMinimum(service?.minAmount ?? null, customer?.minimumAmount ?? null);

  /** Asks the upstream who the meter is; a saved meter is asked about again before any payment. */
  async function verify(meter: Meter = { disco, meterType, number: meterNumber.trim() }) {
    const next: typeof errors = {};
    if (!meter.disco) next.disco = 'Choose the distribution company';
    if (!/^\d{11,13}$/.test(meter.number)) next.meter = 'Meter number is 11 to 13 digits';
    setErrors((current) => ({ ...current, ...next }));
    if (next.disco || next.meter) return;
    try {
      const answer = await validate({
        meter_number: meter.number,
        disco_name: meter.disco,
        meter_type: meter.meterType,
      }).unwrap();
      setVerified({ key: keyOf(meter), ...answer.data });
    } catch (error) {
      // A wrong meter is said beside the meter field; anything else, in plain words.
      const meter = fieldErrors(error)?.meter_number;
      setErrors((current) => ({ ...current, meter }));
      if (!meter) toast.error(errorMessage(error));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!customer || !service) {
      void verify();
      return;
    }
    const normalized = normalizeNigerianPhone(phone);
    const next: typeof errors = {};
    const amountError = checkAmount(amount, minimum, service.maxAmount);
    if (amountError) next.amount = amountError;
    if (!normalized) next.phone = 'Enter the customer’s mobile number, like 08031234567';
    setErrors(next);
    if (amountError || !normalized) return;
    const naira = koboToNaira(toKobo(amount) ?? 0);
    purchase.review({
      body: {
        service: 'electricity',
        disco,
        meterType,
        meterNumber: meterNumber.trim(),
        amount: naira,
        phone: normalized,
      },
      lines: [
        ['DisCo', discoName(service.name)],
        ['Meter', `${meterNumber.trim()} (${meterType})`],
        ['Customer', customer.customerName],
      ],
      faceValue: naira,
      price: discountedPrice(naira, service.discountPercent),
    });
  }

  return (
    <ServiceScreen title="Electricity Bill">
      {purchase.result ?? (
        <form noValidate onSubmit={submit}>
          <Stack spacing={1.5}>
            {services.isError && (
              <Alert severity="error">Could not load the distribution companies. Reload the page to try again.</Alert>
            )}
            <SelectField
              label="Distribution company"
              value={disco}
              onChange={(value) => {
                setDisco(value);
                setErrors((current) => ({ ...current, disco: undefined }));
              }}
              error={errors.disco}
            >
              <option value="">Choose your DisCo</option>
              {services.data?.data.map((item) => (
                <option key={item.id} value={item.id}>
                  {discoName(item.name)}
                </option>
              ))}
            </SelectField>
            <div>
              <Typography id="meter-type-label" variant="body2" component="p" sx={{ fontWeight: 500 }}>
                Meter type
              </Typography>
              <RadioGroup
                row
                aria-labelledby="meter-type-label"
                value={meterType}
                onChange={(event) => setMeterType(event.target.value as MeterType)}
              >
                <FormControlLabel value="prepaid" control={<Radio />} label="Prepaid" />
                <FormControlLabel value="postpaid" control={<Radio />} label="Postpaid" />
              </RadioGroup>
            </div>
            <div>
              <TextInput
                label="Meter number"
                name="meterNumber"
                inputMode="numeric"
                autoComplete="off"
                value={meterNumber}
                maxLength={13}
                onChange={(event) => {
                  setMeterNumber(event.target.value.replace(/\D/g, ''));
                  setErrors((current) => ({ ...current, meter: undefined }));
                }}
                error={Boolean(errors.meter)}
                helperText={errors.meter ?? '11 to 13 digits'}
              />
              <RecentRecipients items={recent} onPick={setMeterNumber} />
              <SavedCustomerPicker
                kind="meter"
                onPick={(saved) => {
                  const meter = {
                    disco: saved.provider ?? '',
                    meterType: saved.meterType ?? 'prepaid',
                    number: saved.number,
                  };
                  setDisco(meter.disco);
                  setMeterType(meter.meterType);
                  setMeterNumber(meter.number);
                  setErrors({});
                  void verify(meter);
                }}
              />
            </div>
            {customer ? (
              <Alert severity="success" aria-live="polite">
                <SummaryList
                  lines={[
                    ['Customer', customer.customerName],
                    ...(customer.address ? [['Address', customer.address] as const] : []),
                    ...(customer.minimumAmount ? [['Minimum', formatNaira(customer.minimumAmount)] as const] : []),
                    ...(customer.arrears && Number(customer.arrears) > 0
                      ? [['Arrears', formatNaira(customer.arrears)] as const]
                      : []),
                  ]}
                />
              </Alert>
            ) : (
              <Button variant="outlined" onClick={() => void verify()} loading={validation.isFetching}>
                Verify meter
              </Button>
            )}
            {customer && (
              <>
                <TextInput
                  label="Amount (₦)"
                  name="amount"
                  inputMode="decimal"
                  value={amount}
                  onChange={(event) => {
                    setAmount(event.target.value);
                    setErrors((current) => ({ ...current, amount: undefined }));
                  }}
                  error={Boolean(errors.amount)}
                  helperText={
                    errors.amount ??
                    (minimum && service?.maxAmount
                      ? `From ${formatNaira(minimum)} to ${formatNaira(service.maxAmount)}`
                      : ' ')
                  }
                />
                <PhoneField
                  label="Customer phone"
                  value={phone}
                  onChange={(value) => {
                    setPhone(value);
                    setErrors((current) => ({ ...current, phone: undefined }));
                  }}
                  error={errors.phone}
                />
                <Button type="submit" variant="contained" size="large">
                  Continue
                </Button>
              </>
            )}
          </Stack>
        </form>
      )}
      {purchase.dialog}
    </ServiceScreen>
  );
}
