import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useSetPlanTermsMutation, type TCatalogPlan } from '../api/catalog';
import { nairaDifference } from './catalog-words';
import { Figure, FigureList } from './figure-list';
import { TermsDialog } from './terms-dialog';

/**
 * One plan: what the customer gets, what it costs the provider (unknown: the catalogue does not
 * keep the upstream's cost), what the agent pays and keeps, and the owner's switch and price.
 */
export function PlanItem({
  serviceId,
  discountPercent,
  plan,
  mayChange,
}: {
  serviceId: string;
  discountPercent: string;
  plan: TCatalogPlan;
  mayChange: boolean;
}) {
  const [setTerms] = useSetPlanTermsMutation();
  const [switching, setSwitching] = useState(false);
  const [pricing, setPricing] = useState(false);
  const titleId = `plan-${serviceId}-${plan.code}`.replace(/[^\w-]/g, '_');
  const forSale = plan.enabled && plan.listed;

  async function toggle() {
    setSwitching(true);
    try {
      await setTerms({ serviceId, code: plan.code, enabled: !plan.enabled }).unwrap();
      toast.success(plan.enabled ? `${plan.name} is off sale` : `${plan.name} is on sale again`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSwitching(false);
    }
  }

  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 1 }}>
        <div>
          <Typography
            id={titleId}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {plan.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Code {plan.code}
            {!plan.listed && ' · no longer listed by the upstream: not for sale'}
          </Typography>
        </div>
        <FormControlLabel
          sx={{ mr: 0, flexShrink: 0 }}
          label={forSale ? 'On sale' : 'Off sale'}
          control={
            <Switch
              checked={plan.enabled}
              onChange={() => void toggle()}
              disabled={!mayChange || switching}
              slotProps={{ input: { 'aria-label': `${plan.name} on sale` } }}
            />
          }
        />
      </Stack>
      {plan.offReason !== null && (
        // Switched off by itself (decision 041): an upstream now charges more than a level's price.
        <Alert severity="warning" sx={{ mb: 1 }}>
          {plan.offReason}
        </Alert>
      )}
      {plan.faceValue === '0.00' ? (
        // A meter type (prepaid, postpaid): the agent types the amount, priced by the discount.
        <Typography variant="body2">
          The agent chooses the amount and pays it less {Number(discountPercent)} %. Upstream cost and your margin are
          unknown.
        </Typography>
      ) : (
        <FigureList>
          <Figure term="Face value">{formatNaira(plan.faceValue)}</Figure>
          <Figure term="Upstream cost" note="not kept by the catalogue">
            {plan.upstreamCost === null ? 'Unknown' : formatNaira(plan.upstreamCost)}
          </Figure>
          <Figure
            term="Agent price"
            note={plan.fixedPrice === null ? `face value less ${Number(discountPercent)} %` : 'fixed price'}
          >
            {formatNaira(plan.agentPrice)}
          </Figure>
          <Figure term="Agent keeps">{formatNaira(nairaDifference(plan.faceValue, plan.agentPrice))}</Figure>
          <Figure term="Your margin" note={plan.margin === null ? 'needs the upstream cost' : undefined}>
            {plan.margin === null ? 'Unknown' : formatNaira(plan.margin)}
          </Figure>
        </FigureList>
      )}
      {mayChange && plan.faceValue !== '0.00' && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setPricing(true)} aria-describedby={titleId}>
          {plan.fixedPrice === null ? 'Set a fixed price' : 'Change the fixed price'}
        </Button>
      )}
      {pricing && (
        <TermsDialog
          idPrefix={`${titleId}-price`}
          title={`Agent price of ${plan.name}`}
          explanation={
            <>
              Agents pay this price whatever the service’s discount; face value is {formatNaira(plan.faceValue)}.
              {plan.fixedPrice !== null && ' “Use the discount” goes back to face value less the service’s discount.'}
            </>
          }
          label="Agent price in naira"
          name="agentPrice"
          initial={plan.fixedPrice ?? plan.agentPrice}
          inputMode="decimal"
          saveLabel="Save price"
          {...(plan.fixedPrice !== null
            ? {
                secondary: {
                  label: 'Use the discount',
                  onClick: async () => {
                    await setTerms({ serviceId, code: plan.code, agentPrice: null }).unwrap();
                    toast.success(`${plan.name} is priced by the discount again`);
                  },
                },
              }
            : {})}
          onSave={async (value) => {
            await setTerms({ serviceId, code: plan.code, agentPrice: value }).unwrap();
            toast.success(`${plan.name}: fixed price saved`);
          }}
          onClose={() => setPricing(false)}
        />
      )}
    </Paper>
  );
}
