import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { normalizeNigerianPhone } from '@agentdesk/contract/phone';
import { formatNaira } from '../../../lib/money';
import { useListServicesQuery } from '../api/list-services';
import { NetworkPicker } from '../components/network-picker';
import { PhoneField } from '../components/phone-field';
import { ServiceScreen } from '../components/service-screen';
import { usePurchase } from '../components/use-purchase';
import { useRecent } from '../components/use-recent';
import { guessNetwork, NETWORK_LABELS, NETWORKS } from '../lib/network-prefix';
import { describePlan } from '../lib/plan-name';

type DataNetwork = (typeof NETWORKS)[number] | 'glo-sme';

/** The catalogue's service id of each network's data (9mobile is still "etisalat" upstream). */
const DATA_SERVICE: Record<DataNetwork, string> = {
  mtn: 'mtn-data',
  glo: 'glo-data',
  airtel: 'airtel-data',
  '9mobile': 'etisalat-data',
  'glo-sme': 'glo-sme-data',
};

const NETWORK_OPTIONS: { value: DataNetwork; label: string }[] = [
  ...NETWORKS.map((value) => ({ value, label: NETWORK_LABELS[value] })),
  { value: 'glo-sme', label: 'Glo SME' },
];

export function DataRoute() {
  const services = useListServicesQuery('data');
  const [recent, remember] = useRecent('data');
  const purchase = usePurchase({ onOrder: (order) => remember(order.recipient) });
  const [phone, setPhone] = useState('');
  const [chosen, setChosen] = useState<DataNetwork | null>(null);
  const [planCode, setPlanCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; plan?: string }>({});

  const guessed = guessNetwork(phone);
  const network: DataNetwork | null = chosen ?? guessed;
  const service = services.data?.data.find((item) => item.id === (network && DATA_SERVICE[network]));
  const networkName = service?.name.replace(/ Data$/, '') ?? '';
  const plan = service?.variations.find((variation) => variation.code === planCode);

  function submit(event: FormEvent) {
    event.preventDefault();
    const normalized = normalizeNigerianPhone(phone);
    const next: typeof errors = {};
    if (!normalized) next.phone = 'Enter a Nigerian mobile number, like 08031234567';
    if (!plan) next.plan = network ? 'Choose a plan' : 'Choose the network, then a plan';
    setErrors(next);
    if (!normalized || !network || !plan) return;
    const { size, validity } = describePlan(plan.name, networkName);
    purchase.review({
      body: { service: 'data', network, planCode: plan.code, phone: normalized },
      lines: [
        ['Plan', `${NETWORK_OPTIONS.find((option) => option.value === network)?.label ?? ''} ${size}`],
        ...(validity ? [['Validity', validity] as const] : []),
        ['Phone', normalized],
      ],
      faceValue: plan.faceValue,
      price: plan.price,
    });
  }

  return (
    <ServiceScreen title="Data">
      {purchase.result ?? (
        <form noValidate onSubmit={submit} aria-busy={services.isLoading}>
          <Stack spacing={2}>
            {services.isError && (
              <Alert severity="error">Could not load the data plans. Reload the page to try again.</Alert>
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
                  setChosen(customer.provider as DataNetwork | null);
                  setErrors((current) => ({ ...current, phone: undefined, network: undefined }));
                }}
              />
            </div>
            <NetworkPicker
              options={NETWORK_OPTIONS}
              value={network}
              onChange={(value) => {
                setChosen(value);
                setPlanCode('');
              }}
              guessed={chosen === null && guessed !== null}
            />
            {service && (
              <div>
                <Typography id="data-plan-label" variant="body2" component="p" sx={{ fontWeight: 500 }}>
                  Plan
                </Typography>
                <RadioGroup
                  aria-labelledby="data-plan-label"
                  value={planCode}
                  onChange={(event) => {
                    setPlanCode(event.target.value);
                    setErrors((current) => ({ ...current, plan: undefined }));
                  }}
                >
                  {service.variations.map((variation) => {
                    const { size, validity } = describePlan(variation.name, networkName);
                    return (
                      <FormControlLabel
                        key={variation.code}
                        value={variation.code}
                        control={<Radio />}
                        sx={{ borderBottom: 1, borderColor: 'divider', mx: 0, py: 0.5 }}
                        label={
                          <span>
                            <Typography component="span" sx={{ fontWeight: 600 }}>
                              {size}
                            </Typography>
                            {validity && (
                              <Typography component="span" color="text.secondary">
                                {` · ${validity}`}
                              </Typography>
                            )}
                            <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                              {`You pay ${formatNaira(variation.price)} · Face value ${formatNaira(variation.faceValue)}`}
                            </Typography>
                          </span>
                        }
                      />
                    );
                  })}
                </RadioGroup>
              </div>
            )}
            {errors.plan && (
              <Alert severity="error" variant="outlined">
                {errors.plan}
              </Alert>
            )}
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
