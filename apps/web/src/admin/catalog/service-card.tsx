import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { errorMessage } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useSetServiceTermsMutation, type TCatalogService } from '../api/catalog';
import { CATEGORY_WORDS } from './catalog-words';
import { Figure, FigureList } from './figure-list';
import { ServicePlans } from './service-plans';
import { TermsDialog } from './terms-dialog';
import { visuallyHidden } from './visually-hidden';

function amountRange(service: TCatalogService): string {
  if (service.minAmount === null && service.maxAmount === null) return 'Any';
  if (service.maxAmount === null) return `From ${formatNaira(service.minAmount!)}`;
  if (service.minAmount === null) return `Up to ${formatNaira(service.maxAmount)}`;
  return `${formatNaira(service.minAmount)} to ${formatNaira(service.maxAmount)}`;
}

/** A service: its discount and switch (the owner's to change) and, opened, its plans. */
export function ServiceCard({ service, mayChange }: { service: TCatalogService; mayChange: boolean }) {
  const [setTerms] = useSetServiceTermsMutation();
  const [switching, setSwitching] = useState(false);
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const plansId = `${id}-plans`;

  async function toggle() {
    setSwitching(true);
    try {
      await setTerms({ serviceId: service.id, enabled: !service.enabled }).unwrap();
      toast.success(service.enabled ? `${service.name} is off: agents are not offered it` : `${service.name} is on`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSwitching(false);
    }
  }

  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 1.5 }}>
        <div>
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {service.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {CATEGORY_WORDS[service.category]} · {service.id}
          </Typography>
        </div>
        <FormControlLabel
          sx={{ mr: 0, flexShrink: 0 }}
          label={service.enabled ? 'On' : 'Off'}
          control={
            <Switch
              checked={service.enabled}
              onChange={() => void toggle()}
              disabled={!mayChange || switching}
              slotProps={{ input: { 'aria-label': `${service.name} offered to agents` } }}
            />
          }
        />
      </Stack>
      <FigureList>
        <Figure term="Agent discount">{Number(service.discountPercent)} %</Figure>
        <Figure term="Amounts">{service.productType === 'fix' ? 'By plan' : amountRange(service)}</Figure>
        <Figure term="Plans for sale">
          {service.plans.forSale} of {service.plans.total}
        </Figure>
      </FigureList>
      <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        {service.plans.total > 0 && (
          <Button
            variant="outlined"
            size="small"
            aria-expanded={open}
            aria-controls={plansId}
            endIcon={open ? <ExpandLess /> : <ExpandMore />}
            onClick={() => setOpen((current) => !current)}
          >
            {open ? 'Hide plans' : 'Show plans'}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              of {service.name}
            </Box>
          </Button>
        )}
        {mayChange && (
          <Button size="small" onClick={() => setEditing(true)}>
            Change discount
            <Box component="span" sx={visuallyHidden}>
              {' '}
              of {service.name}
            </Box>
          </Button>
        )}
      </Stack>
      {open && (
        <Box id={plansId} sx={{ mt: 2 }}>
          <ServicePlans service={service} mayChange={mayChange} />
        </Box>
      )}
      {editing && (
        <TermsDialog
          idPrefix={`${id}-discount`}
          title={`Agent discount on ${service.name}`}
          explanation="Agents pay face value less this percent, on plans without a fixed price and on amounts they choose. It applies to the next purchase."
          label="Discount in percent"
          name="discountPercent"
          initial={String(Number(service.discountPercent))}
          inputMode="decimal"
          saveLabel="Save discount"
          onSave={async (value) => {
            await setTerms({ serviceId: service.id, discountPercent: value }).unwrap();
            toast.success(`${service.name}: discount saved`);
          }}
          onClose={() => setEditing(false)}
        />
      )}
    </Paper>
  );
}
