import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { normalizeNigerianPhone } from '@agentdesk/contract/phone';
import { TextInput } from '../../../components/text-input';
import { formatNaira } from '../../../lib/money';
import { useListServicesQuery } from '../api/list-services';
import { ChoiceButtons } from '../components/choice-buttons';
import { NetworkPicker } from '../components/network-picker';
import { PhoneField } from '../components/phone-field';
import { ServiceScreen } from '../components/service-screen';
import { usePurchase } from '../components/use-purchase';
import { useRecent } from '../components/use-recent';
import { checkAmount, discountedPrice, koboToNaira, toKobo } from '../lib/amount-rules';
import { guessNetwork, NETWORK_LABELS, NETWORKS, type Network } from '../lib/network-prefix';

export const AIRTIME_PRESETS = ['100', '200', '500', '1000', '2000'] as const;

/** The catalogue's service id of each network's airtime (9mobile is still "etisalat" upstream). */
const AIRTIME_SERVICE: Record<Network, string> = { mtn: 'mtn', glo: 'glo', airtel: 'airtel', '9mobile': 'etisalat' };

const NETWORK_OPTIONS = NETWORKS.map((value) => ({ value, label: NETWORK_LABELS[value] }));

export function AirtimeRoute() {
  const services = useListServicesQuery('airtime');
  const [recent, remember] = useRecent('airtime');
  const purchase = usePurchase({ onOrder: (order) => remember(order.recipient) });
  const [phone, setPhone] = useState('');
  const [chosen, setChosen] = useState<Network | null>(null);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; network?: string; amount?: string }>({});

  const guessed = guessNetwork(phone);
  const network = chosen ?? guessed;
  const service = services.data?.data.find((item) => item.id === (network && AIRTIME_SERVICE[network]));

  function submit(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeNigerianPhone(phone);
    const next: typeof errors = {};
    if (!normalized) next.phone = 'Enter a Nigerian mobile number, like 08031234567';
    if (!network) next.network = 'Choose the network';
    else if (!service) next.network = `${NETWORK_LABELS[network]} airtime is not available right now`;
    const amountError = checkAmount(amount, service?.minAmount ?? null, service?.maxAmount ?? null);
    if (amountError) next.amount = amountError;
    setErrors(next);
    if (!normalized || !network || amountError || !service) return;
    const naira = koboToNaira(toKobo(amount) ?? 0);
    purchase.review({
      body: { service: 'airtime', network, phone: normalized, amount: naira },
      lines: [
        ['Airtime', `${NETWORK_LABELS[network]} ${formatNaira(naira)}`],
        ['Phone', normalized],
      ],
      faceValue: naira,
      price: discountedPrice(naira, service.discountPercent),
    });
  }

  return (
    <ServiceScreen title="Airtime">
      {purchase.result ?? (
        <form noValidate onSubmit={submit} aria-busy={services.isLoading}>
          <Stack spacing={2}>
            {services.isError && (
              <Alert severity="error">Could not load the networks. Reload the page to try again.</Alert>
            )}
            <div>
              <PhoneField
                value={phone}
                onChange={(value) => {
                  setPhone(value);
                  setErrors((current) => ({ ...current, phone: undefined }));
                }}
                error={errors.phone}
                recent={recent}
                onPickSaved={(customer) => {
                  setPhone(customer.number);
                  setChosen(customer.provider as Network | null);
                  setErrors((current) => ({ ...current, phone: undefined, network: undefined }));
                }}
              />
            </div>
            <NetworkPicker
              options={NETWORK_OPTIONS}
              value={network}
              onChange={(value) => {
                setChosen(value);
                setErrors((current) => ({ ...current, network: undefined }));
              }}
              guessed={chosen === null && guessed !== null}
            />
            {errors.network && (
              <Alert severity="error" variant="outlined">
                {errors.network}
              </Alert>
            )}
            <ChoiceButtons
              label="Amount"
              options={AIRTIME_PRESETS.map((value) => ({ value, label: formatNaira(value).replace('.00', '') }))}
              value={
                (AIRTIME_PRESETS as readonly string[]).includes(amount)
                  ? (amount as (typeof AIRTIME_PRESETS)[number])
                  : null
              }
              onChange={(value) => {
                setAmount(value);
                setErrors((current) => ({ ...current, amount: undefined }));
              }}
            />
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
                (service?.minAmount && service.maxAmount
                  ? `From ${formatNaira(service.minAmount)} to ${formatNaira(service.maxAmount)}`
                  : 'Or type any amount')
              }
            />
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
