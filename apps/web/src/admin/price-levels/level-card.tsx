import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { TPriceLevel } from '@agentdesk/contract/admin/price-levels';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Figure, FigureList } from '../catalog/figure-list';
import { visuallyHidden } from '../catalog/visually-hidden';

/** A price level: its agents and overrides, a link to its prices, and the editors' actions. */
export function LevelCard({
  level,
  mayEdit,
  onRename,
  onMakeDefault,
  makingDefault,
  onSwitchRule,
  switchingRule,
}: {
  level: TPriceLevel;
  mayEdit: boolean;
  onRename: () => void;
  onMakeDefault: () => void;
  makingDefault: boolean;
  onSwitchRule: () => void;
  switchingRule: boolean;
}) {
  const keepsMargin = level.followRule === 'keep-margin';
  const titleId = `${useId()}-title`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 1.5 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {level.name}
        </Typography>
        {level.isDefault && <Chip label="New agents join it" variant="outlined" size="small" />}
      </Stack>
      <FigureList columns={3}>
        <Figure term="Agents">{level.agents}</Figure>
        <Figure term="Service discounts">{level.overrides.services}</Figure>
        <Figure term="Plan prices">{level.overrides.plans}</Figure>
      </FigureList>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        When the upstream’s price of a plan changes,{' '}
        {keepsMargin
          ? 'its price moves by the same naira: agents keep the same margin.'
          : 'its price moves in proportion: agents keep the same discount.'}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/admin/catalog/levels/${level.id}`} variant="outlined" size="small">
          {mayEdit ? 'Edit prices' : 'See prices'}
          <Box component="span" sx={visuallyHidden}>
            {' '}
            of {level.name}
          </Box>
        </Button>
        {mayEdit && (
          <Button size="small" onClick={onRename}>
            Rename
            <Box component="span" sx={visuallyHidden}>
              {' '}
              {level.name}
            </Box>
          </Button>
        )}
        {mayEdit && (
          <Button size="small" onClick={onSwitchRule} loading={switchingRule}>
            {keepsMargin ? 'Keep the discount instead' : 'Keep the margin instead'}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              for {level.name}
            </Box>
          </Button>
        )}
        {mayEdit && !level.isDefault && (
          <Button size="small" onClick={onMakeDefault} loading={makingDefault}>
            Make default
            <Box component="span" sx={visuallyHidden}>
              : new agents join {level.name}
            </Box>
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
