import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatNaira } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useSetLevelPriceMutation, type TLevelPlan } from '../api/price-levels';
import { nairaDifference } from '../catalog/catalog-words';
import { Figure, FigureList } from '../catalog/figure-list';
import { TermsDialog } from '../catalog/terms-dialog';
import { percentWords, ruleWords } from './level-words';

/**
 * One plan at a level: face value, the catalogue's price, the level's own, what the level's
 * agents pay (and by which rule), what they keep, and the provider's margin (unknown while the
 * catalogue does not keep the upstream's cost).
 */
export function LevelPlanItem({
  levelId,
  levelName,
  serviceId,
  discountPercent,
  plan,
  mayEdit,
}: {
  levelId: string;
  levelName: string;
  serviceId: string;
  /** The discount the level's agents get on the service (the level's, else the catalogue's). */
  discountPercent: string;
  plan: TLevelPlan;
  mayEdit: boolean;
}) {
  const [setPrice] = useSetLevelPriceMutation();
  const [pricing, setPricing] = useState(false);
  const titleId = `level-plan-${serviceId}-${plan.code}`.replace(/[^\w-]/g, '_');
  const chosenAmount = plan.faceValue === '0.00';

  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {plan.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1, overflowWrap: 'anywhere' }}>
        Code {plan.code}
        {!(plan.enabled && plan.listed) && ' · not for sale in the catalogue'}
      </Typography>
      {chosenAmount ? (
        <Typography variant="body2">
          The agent chooses the amount and pays it less {percentWords(discountPercent)}. Upstream cost and your margin
          are unknown.
        </Typography>
      ) : (
        <FigureList columns={6}>
          <Figure term="Face value">{formatNaira(plan.faceValue)}</Figure>
          <Figure term="Catalogue price">{formatNaira(plan.cataloguePrice)}</Figure>
          <Figure term="Level price" note={plan.levelPrice === null ? 'none set' : undefined}>
            {plan.levelPrice === null ? '—' : formatNaira(plan.levelPrice)}
          </Figure>
          <Figure term="Agent pays" note={ruleWords(plan.rule, discountPercent)}>
            {formatNaira(plan.price)}
          </Figure>
          <Figure term="Agent keeps">{formatNaira(nairaDifference(plan.faceValue, plan.price))}</Figure>
          <Figure term="Your margin" note={plan.margin === null ? 'needs the upstream cost' : undefined}>
            {plan.margin === null ? 'Unknown' : formatNaira(plan.margin)}
          </Figure>
        </FigureList>
      )}
      {mayEdit && !chosenAmount && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setPricing(true)} aria-describedby={titleId}>
          {plan.levelPrice === null ? 'Set a level price' : 'Change the level price'}
        </Button>
      )}
      {pricing && (
        <TermsDialog
          idPrefix={`${titleId}-price`}
          title={`${levelName} price of ${plan.name}`}
          explanation={
            <>
              {levelName}’s agents pay this price whatever the discounts; face value is {formatNaira(plan.faceValue)}{' '}
              and the catalogue’s price {formatNaira(plan.cataloguePrice)}.
              {plan.levelPrice !== null && ' “Remove the level price” prices it by the discounts again.'}
            </>
          }
          label="Level price in naira"
          name="price"
          initial={plan.levelPrice ?? plan.price}
          inputMode="decimal"
          saveLabel="Save price"
          {...(plan.levelPrice !== null
            ? {
                secondary: {
                  label: 'Remove the level price',
                  onClick: async () => {
                    await setPrice({ levelId, serviceId, code: plan.code, price: null }).unwrap();
                    toast.success(`${plan.name}: priced by the discounts again for ${levelName}`);
                  },
                },
              }
            : {})}
          onSave={async (value) => {
            await setPrice({ levelId, serviceId, code: plan.code, price: value }).unwrap();
            toast.success(`${plan.name}: ${levelName} price saved`);
          }}
          onClose={() => setPricing(false)}
        />
      )}
    </Paper>
  );
}
