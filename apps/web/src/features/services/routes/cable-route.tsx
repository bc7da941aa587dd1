import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EndpointData } from '@agentdesk/contract/endpoint';
import type { validateSmartcard } from '@agentdesk/contract/catalog/validate';
import { normalizeNigerianPhone } from '@agentdesk/contract/phone';
import { TextInput } from '../../../components/text-input';
import { errorMessage } from '../../../lib/http/error-message';
import { fieldErrors } from '../../../lib/http/error-message';
import { formatNaira } from '../../../lib/money';
import { discountedPrice } from '../lib/amount-rules';
import { useListServicesQuery } from '../api/list-services';
import { useLazyValidateSmartcardQuery } from '../api/validate-smartcard';
import { ChoiceButtons } from '../components/choice-buttons';
import { PhoneField } from '../components/phone-field';
import { SavedCustomerPicker } from '../../saved-customers/components/saved-customer-picker';
import { RecentRecipients } from '../components/recent-recipients';
import { SelectField } from '../components/select-field';
import { ServiceScreen } from '../components/service-screen';
import { SummaryList } from '../components/summary-list';
import { usePurchase } from '../components/use-purchase';
import { useRecent } from '../components/use-recent';
import { TV_LABELS, type TvProvider } from '../lib/provider-names';

type Provider = TvProvider;
const PROVIDERS = (Object.keys(TV_LABELS) as Provider[]).map((value) => ({ value, label: TV_LABELS[value] }));
type Card = EndpointData<typeof validateSmartcard> & { key: string };

export function CableRoute() {
  const services = useListServicesQuery('cable');
  const [recent, remember] = useRecent('cable');
  const purchase = usePurchase({ onOrder: (order) => remember(order.recipient) });
  const [validate, validation] = useLazyValidateSmartcardQuery();
  const [provider, setProvider] = useState<Provider>('dstv');
  const [smartcard, setSmartcard] = useState('');
  const [verified, setVerified] = useState<Card | null>(null);
  const [action, setAction] = useState<'renew' | 'change'>('renew');
  const [bouquetCode, setBouquetCode] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'smartcard' | 'bouquet' | 'phone', string>>>({});

  const service = services.data?.data.find((item) => item.id === provider);
  const keyOf = (target: { provider: Provider; smartcard: string }) => `${target.provider}|${target.smartcard}`;
  const key = keyOf({ provider, smartcard });
  const card = verified?.key === key ? verified : null;
  // A renewal is the current bouquet at the renewal amount the upstream gave, less the
  // provider's discount: what the server charges for `action: "renew"`.
  const renewal =
    card?.renewalAmount && Number(card.renewalAmount) > 0 && service
      ? {
          name: card.currentBouquet ?? 'the current bouquet',
          faceValue: card.renewalAmount,
          price: discountedPrice(card.renewalAmount, service.discountPercent),
        }
      : undefined;
  const effectiveAction = renewal ? action : 'change';
  const bouquet = effectiveAction === 'renew' ? renewal : service?.variations.find((item) => item.code === bouquetCode);

  /** Asks the upstream whose card it is; a saved smartcard is asked about again before any payment. */
  async function verify(target: { provider: Provider; smartcard: string } = { provider, smartcard }) {
    if (!/^\d{10,11}$/.test(target.smartcard)) {
      setErrors((current) => ({ ...current, smartcard: 'Smartcard number is 10 or 11 digits' }));
      return;
    }
    try {
      const answer = await validate({ provider: target.provider, smartcard_number: target.smartcard }).unwrap();
      setVerified({ key: keyOf(target), ...answer.data });
    } catch (error) {
      // A wrong smartcard is said beside its field; anything else, in plain words.
      const smartcard = fieldErrors(error)?.smartcard_number;
      setErrors((current) => ({ ...current, smartcard }));
      if (!smartcard) toast.error(errorMessage(error));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!card) {
      void verify();
      return;
    }
    const normalized = normalizeNigerianPhone(phone);
    const next: typeof errors = {};
    if (!bouquet) next.bouquet = 'Choose the bouquet';
    if (!normalized) next.phone = 'Enter the customer’s mobile number, like 08031234567';
    setErrors(next);
    if (!bouquet || !normalized) return;
    purchase.review({
      body: {
        service: 'cable',
        provider,
        smartcardNumber: smartcard,
        action: effectiveAction,
        ...(effectiveAction === 'change' ? { bouquetCode } : {}),
        phone: normalized,
      },
      lines: [
        [effectiveAction === 'renew' ? 'Renew' : 'Change to', bouquet.name],
        ['Smartcard', smartcard],
        ['Customer', card.customerName],
      ],
      faceValue: bouquet.faceValue,
      price: bouquet.price,
    });
  }

  return (
    <ServiceScreen title="Cable Subscription">
      {purchase.result ?? (
        <form noValidate onSubmit={submit}>
          <Stack spacing={1.5}>
            {services.isError && (
              <Alert severity="error">Could not load the bouquets. Reload the page to try again.</Alert>
            )}
            <ChoiceButtons label="Provider" options={PROVIDERS} value={provider} onChange={setProvider} />
            <div>
              <TextInput
                label="Smartcard number"
                name="smartcardNumber"
                inputMode="numeric"
                autoComplete="off"
                maxLength={11}
                value={smartcard}
                onChange={(event) => {
                  setSmartcard(event.target.value.replace(/\D/g, ''));
                  setErrors((current) => ({ ...current, smartcard: undefined }));
                }}
                error={Boolean(errors.smartcard)}
                helperText={errors.smartcard ?? 'The IUC or smartcard number, 10 or 11 digits'}
              />
              <RecentRecipients items={recent} onPick={setSmartcard} />
              <SavedCustomerPicker
                kind="smartcard"
                onPick={(saved) => {
                  const target = { provider: (saved.provider ?? provider) as Provider, smartcard: saved.number };
                  setProvider(target.provider);
                  setSmartcard(target.smartcard);
                  setErrors({});
                  void verify(target);
                }}
              />
            </div>
            {card ? (
              <Alert severity="success" aria-live="polite">
                <SummaryList
                  lines={[
                    ['Customer', card.customerName],
                    ...(card.currentBouquet ? [['Current bouquet', card.currentBouquet] as const] : []),
                    ...(card.renewalAmount ? [['Renewal amount', formatNaira(card.renewalAmount)] as const] : []),
                    ...(card.dueDate ? [['Due date', card.dueDate] as const] : []),
                    ...(card.status ? [['Status', card.status] as const] : []),
                  ]}
                />
              </Alert>
            ) : (
              <Button variant="outlined" onClick={() => void verify()} loading={validation.isFetching}>
                Verify smartcard
              </Button>
            )}
            {card && (
              <>
                <div>
                  <Typography id="cable-action-label" variant="body2" component="p" sx={{ fontWeight: 500 }}>
                    What to pay
                  </Typography>
                  <RadioGroup
                    aria-labelledby="cable-action-label"
                    value={effectiveAction}
                    onChange={(event) => setAction(event.target.value === 'change' ? 'change' : 'renew')}
                  >
                    <FormControlLabel
                      value="renew"
                      control={<Radio />}
                      disabled={!renewal}
                      label={
                        renewal
                          ? `Renew ${renewal.name.replace(/ - ₦[\d,]+$/, '')} (you pay ${formatNaira(renewal.price)})`
                          : 'Renew (no renewal amount from the provider)'
                      }
                    />
                    <FormControlLabel value="change" control={<Radio />} label="Change bouquet" />
                  </RadioGroup>
                </div>
                {effectiveAction === 'change' && (
                  <SelectField
                    label="New bouquet"
                    value={bouquetCode}
                    onChange={(value) => {
                      setBouquetCode(value);
                      setErrors((current) => ({ ...current, bouquet: undefined }));
                    }}
                    error={errors.bouquet}
                  >
                    <option value="">Choose the bouquet</option>
                    {service?.variations.map((item) => (
                      <option key={item.code} value={item.code}>
                        {`${item.name.replace(/ - ₦[\d,]+$/, '')}: you pay ${formatNaira(item.price)} (face value ${formatNaira(item.faceValue)})`}
                      </option>
                    ))}
                  </SelectField>
                )}
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
