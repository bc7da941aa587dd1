import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { toast } from '../../lib/toast';
import { useSetLevelDiscountMutation, type TLevelService } from '../api/price-levels';
import { CATEGORY_WORDS } from '../catalog/catalog-words';
import { Figure, FigureList } from '../catalog/figure-list';
import { TermsDialog } from '../catalog/terms-dialog';
import { visuallyHidden } from '../catalog/visually-hidden';
import { LevelServicePlans } from './level-service-plans';
import { percentWords } from './level-words';

/** A service at a level: the catalogue's discount beside the level's, and, opened, its plans. */
export function LevelServiceCard({
  levelId,
  levelName,
  service,
  mayEdit,
}: {
  levelId: string;
  levelName: string;
  service: TLevelService;
  mayEdit: boolean;
}) {
  const [setDiscount] = useSetLevelDiscountMutation();
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const plansId = `${id}-plans`;
  const own = service.levelDiscountPercent;

  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {service.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
        {CATEGORY_WORDS[service.category]} · {service.id}
        {!service.enabled && ' · switched off in the catalogue'}
      </Typography>
      <FigureList columns={4}>
        <Figure term="Catalogue discount">{percentWords(service.catalogueDiscountPercent)}</Figure>
        <Figure term="Level discount" note={own === null ? 'the catalogue’s rule applies' : undefined}>
          {own === null ? '—' : percentWords(own)}
        </Figure>
        <Figure term="Agents get">{percentWords(service.discountPercent)}</Figure>
        <Figure term="Plan prices">
          {service.fixedPrices} of {service.plans.total}
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
        {mayEdit && (
          <Button size="small" onClick={() => setEditing(true)}>
            {own === null ? 'Set a level discount' : 'Change the level discount'}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              of {service.name}
            </Box>
          </Button>
        )}
      </Stack>
      {open && (
        <Box id={plansId} sx={{ mt: 2 }}>
          <LevelServicePlans levelId={levelId} levelName={levelName} service={service} mayEdit={mayEdit} />
        </Box>
      )}
      {editing && (
        <TermsDialog
          idPrefix={`${id}-discount`}
          title={`${levelName} discount on ${service.name}`}
          explanation={`${levelName}’s agents pay face value less this percent on amounts they choose and on every plan without a level price, instead of the catalogue’s ${percentWords(service.catalogueDiscountPercent)} and its fixed prices. It applies to their next purchase.`}
          label="Discount in percent"
          name="discountPercent"
          initial={String(Number(own ?? service.catalogueDiscountPercent))}
          inputMode="decimal"
          saveLabel="Save discount"
          {...(own !== null
            ? {
                secondary: {
                  label: 'Use the catalogue’s',
                  onClick: async () => {
                    await setDiscount({ levelId, serviceId: service.id, discountPercent: null }).unwrap();
                    toast.success(`${service.name}: the catalogue’s rule applies to ${levelName} again`);
                  },
                },
              }
            : {})}
          onSave={async (value) => {
            await setDiscount({ levelId, serviceId: service.id, discountPercent: value }).unwrap();
            toast.success(`${service.name}: ${levelName} discount saved`);
          }}
          onClose={() => setEditing(false)}
        />
      )}
    </Paper>
  );
}
