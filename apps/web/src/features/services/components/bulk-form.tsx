import { useMemo, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BULK_MAX_ROWS } from '@agentdesk/contract/purchases/bulk-purchase';
import { TextInput } from '../../../components/text-input';
import { errorMessage } from '../../../lib/http/error-message';
import { formatNaira } from '../../../lib/money';
import { usePinStatusQuery, useSetPinMutation } from '../../../lib/pin/transaction-pin-api';
import { toast } from '../../../lib/toast';
import { useWalletBalanceQuery } from '../../../lib/wallet/wallet-balance-api';
import { useCreateBulkPurchaseMutation } from '../api/bulk-purchases';
import { useListServicesQuery } from '../api/list-services';
import { balanceAfter, canAfford } from '../lib/amount-rules';
import { bulkKeyFor, forgetBulkKey } from '../lib/bulk-key';
import {
  BULK_SERVICE_IDS,
  bulkTotals,
  checkRows,
  parseBulkText,
  type BulkService,
  type CheckedRow,
} from '../lib/bulk-rows';
import { NETWORK_LABELS, NETWORKS, type Network } from '../lib/network-prefix';
import { ChoiceButtons } from './choice-buttons';
import { ConfirmPurchaseDialog, type PinEntry } from './confirm-purchase-dialog';
import { PagedRows } from './paged-rows';
import { SelectField } from './select-field';
import { SummaryList } from './summary-list';
import { outcomeUnknown, pinRefusal } from './use-purchase';

const SERVICE_OPTIONS = [
  { value: 'airtime' as const, label: 'Airtime' },
  { value: 'data' as const, label: 'Data' },
];

function RowItem({
  row,
  service,
  onNetwork,
}: {
  row: CheckedRow;
  service: BulkService;
  onNetwork: (index: number, network: Network) => void;
}) {
  const n = row.index + 1;
  return (
    <Box
      component="li"
      aria-label={`Row ${n}`}
      sx={{ border: 1, borderColor: row.problem ? 'error.main' : 'divider', borderRadius: 1, px: 1.5, py: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ minWidth: 28, color: 'text.secondary' }}>
          {n}.
        </Typography>
        <Typography variant="body2" sx={{ flex: '1 1 110px', fontWeight: 500, overflowWrap: 'anywhere' }}>
          {row.phone ?? row.input}
        </Typography>
        <Box sx={{ flex: '0 0 112px' }}>
          <SelectField
            label={`Network, row ${n}`}
            value={row.network ?? ''}
            onChange={(value) => onNetwork(row.index, value as Network)}
          >
            <option value="" disabled>
              Choose
            </option>
            {NETWORKS.map((network) => (
              <option key={network} value={network}>
                {NETWORK_LABELS[network]}
              </option>
            ))}
          </SelectField>
        </Box>
      </Stack>
      <Typography variant="body2" color={row.problem ? 'error' : 'text.secondary'}>
        {row.problem ??
          (service === 'airtime'
            ? `${formatNaira(row.faceValue ?? '0')} airtime, you pay ${formatNaira(row.price ?? '0')}`
            : `Data plan, you pay ${formatNaira(row.price ?? '0')}`)}
      </Typography>
    </Box>
  );
}

/**
 * The bulk purchase's form (docs/decisions/045): numbers pasted or read from a CSV file, each
 * checked as the server will check it, the network guessed and changeable per row, the rows with
 * a problem left out, the totals and the balance after; then the PIN, once for the batch.
 */
export function BulkForm() {
  const navigate = useNavigate();
  const [service, setService] = useState<BulkService>('airtime');
  const [amount, setAmount] = useState('100');
  const [text, setText] = useState('');
  const [overrides, setOverrides] = useState<Record<number, Network>>({});
  const [plans, setPlans] = useState<Partial<Record<Network, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const [retry, setRetry] = useState(false);
  const [pinError, setPinError] = useState<string | null>(null);
  const services = useListServicesQuery(service);
  const wallet = useWalletBalanceQuery();
  const balance = wallet.isFetching ? null : (wallet.data?.data.availableBalance ?? null);
  const pinStatus = usePinStatusQuery();
  const [setPin] = useSetPinMutation();
  const [createBulk] = useCreateBulkPurchaseMutation();

  const drafts = useMemo(() => parseBulkText(text, amount), [text, amount]);
  const rows = useMemo(
    () => checkRows(drafts, { service, services: services.data?.data ?? [], overrides, plans }),
    [drafts, service, services.data, overrides, plans],
  );
  const totals = bulkTotals(rows);
  const networksInRows = NETWORKS.filter((network) => rows.some((row) => row.phone && row.network === network));
  const problems = rows.filter((row) => row.problem !== null);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > 200_000) {
      toast.error('That file is too large: up to 1,000 lines of numbers');
      return;
    }
    setText((await file.text()).trim());
    setOverrides({});
  }

  function body(pin: string) {
    const valid = rows.filter((row) => row.problem === null);
    const common = { clientKey: '', pin };
    return service === 'airtime'
      ? {
          ...common,
          service: 'airtime' as const,
          rows: valid.map((row) => ({ network: row.network!, phone: row.phone!, amount: row.faceValue! })),
        }
      : {
          ...common,
          service: 'data' as const,
          rows: valid.map((row) => ({ network: row.network!, phone: row.phone!, planCode: row.planCode! })),
        };
  }

  async function pay(entry: PinEntry) {
    setPaying(true);
    setPinError(null);
    if (entry.choosing) {
      try {
        await setPin({ pin: entry.pin }).unwrap();
      } catch (error) {
        setPinError(errorMessage(error));
        setPaying(false);
        return;
      }
    }
    const request = body(entry.pin);
    // The same rows keep the same key until the server answers: a retry is a replay.
    const clientKey = bulkKeyFor(JSON.stringify({ ...request, pin: '' }));
    try {
      const answer = await createBulk({ ...request, clientKey }).unwrap();
      forgetBulkKey();
      void wallet.refetch();
      void navigate(`/user/bulk/${answer.data.id}`);
    } catch (error) {
      const refusal = pinRefusal(error);
      if (refusal !== null) {
        setPinError(refusal);
        void pinStatus.refetch();
        return;
      }
      toast.error(errorMessage(error));
      if (outcomeUnknown(error)) {
        setRetry(true);
      } else {
        forgetBulkKey();
        setRetry(false);
        setConfirming(false);
      }
    } finally {
      setPaying(false);
    }
  }

  return (
    <Stack spacing={2}>
      <ChoiceButtons
        label="What to buy"
        options={SERVICE_OPTIONS}
        value={service}
        onChange={(next) => {
          setService(next);
          setRetry(false);
        }}
      />
      {service === 'airtime' && (
        <TextInput
          label="Amount for each number (₦)"
          name="amount"
          value={amount}
          inputMode="decimal"
          onChange={(event) => setAmount(event.target.value)}
          helperText="A number followed by a comma and an amount takes that amount instead"
        />
      )}
      <TextField
        label="Phone numbers"
        name="numbers"
        multiline
        minRows={4}
        maxRows={10}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setRetry(false);
        }}
        helperText={`One per line, up to ${BULK_MAX_ROWS.toLocaleString('en-NG')}. For example 08031234567 or 08031234567,500`}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <div>
        <Button component="label" variant="outlined">
          Upload a CSV file
          <input hidden type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(event) => void readFile(event)} />
        </Button>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
          One number per line, with the amount in the second column if you like.
        </Typography>
      </div>

      {service === 'data' &&
        networksInRows.map((network) => {
          const options = services.data?.data.find((item) => item.id === BULK_SERVICE_IDS.data[network]);
          return (
            <SelectField
              key={network}
              label={`${NETWORK_LABELS[network]} plan`}
              value={plans[network] ?? ''}
              onChange={(value) => setPlans((current) => ({ ...current, [network]: value }))}
            >
              <option value="" disabled>
                Choose a plan
              </option>
              {(options?.variations ?? []).map((plan) => (
                <option key={plan.code} value={plan.code}>
                  {plan.name} ({formatNaira(plan.price)})
                </option>
              ))}
            </SelectField>
          );
        })}

      {rows.length > 0 && !services.data && (
        <Typography role="status" color="text.secondary">
          Loading the prices…
        </Typography>
      )}
      {rows.length > 0 && services.data && (
        <>
          <Divider />
          <Typography variant="h6" component="h2">
            Check the numbers
          </Typography>
          {problems.length > 0 && (
            <Alert severity="warning">
              {problems.length === 1 ? '1 row has a problem' : `${problems.length} rows have a problem`} and will be
              left out unless you fix it.
            </Alert>
          )}
          <PagedRows
            items={rows}
            label="Numbers to buy for"
            render={(row) => (
              <RowItem
                key={row.index}
                row={row}
                service={service}
                onNetwork={(index, network) => setOverrides((current) => ({ ...current, [index]: network }))}
              />
            )}
          />
          <SummaryList
            lines={[
              ['Numbers to buy for', String(totals.valid)],
              ['Left out', String(totals.skipped)],
              ['Face value', formatNaira(totals.faceValue)],
              ['You pay', formatNaira(totals.price)],
              [
                'Balance after',
                balance === null
                  ? '…'
                  : canAfford(balance, totals.price)
                    ? formatNaira(balanceAfter(balance, totals.price))
                    : 'Not enough balance',
              ],
            ]}
          />
          {totals.tooMany && (
            <Alert severity="error">
              At most {BULK_MAX_ROWS.toLocaleString('en-NG')} numbers at once: remove{' '}
              {(totals.valid - BULK_MAX_ROWS).toLocaleString('en-NG')}.
            </Alert>
          )}
          <Button
            variant="contained"
            size="large"
            disabled={totals.valid === 0 || totals.tooMany}
            onClick={() => {
              setConfirming(true);
              void wallet.refetch();
            }}
          >
            Review and pay
          </Button>
        </>
      )}

      {confirming && (
        <ConfirmPurchaseDialog
          lines={[
            ['Bulk purchase', `${totals.valid} × ${service === 'airtime' ? 'airtime' : 'data'}`],
            ...(totals.skipped > 0 ? ([['Left out', String(totals.skipped)]] as const) : []),
          ]}
          faceValue={totals.faceValue}
          price={totals.price}
          balance={balance}
          pinStatus={pinStatus.data?.data ?? null}
          pinError={pinError}
          paying={paying}
          retry={retry}
          onPay={(entry) => void pay(entry)}
          onClose={() => {
            setConfirming(false);
            setPinError(null);
          }}
        />
      )}
    </Stack>
  );
}
