import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import { useCatalogueChoicesQuery, useMapUpstreamPlanMutation, type TUpstreamPlan } from '../api/upstreams';
import { nairaDifference } from '../catalog/catalog-words';
import { Figure, FigureList } from '../catalog/figure-list';

/** The catalogue plan an upstream's plan sells, chosen from that service's plans, or none. */
function MappingEditor({
  upstreamId,
  plan,
  onDone,
}: {
  upstreamId: string;
  plan: TUpstreamPlan;
  onDone: (text: string | null) => void;
}) {
  const choices = useCatalogueChoicesQuery(plan.serviceId);
  const [map] = useMapUpstreamPlanMutation();
  const [chosen, setChosen] = useState(plan.variationCode ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const selectId = `${useId()}-mapping`;

  async function save() {
    setBusy(true);
    setFailure(null);
    try {
      await map({ id: upstreamId, serviceId: plan.serviceId, code: plan.code, variationCode: chosen || null }).unwrap();
      const name = choices.data?.find((choice) => choice.code === chosen)?.name;
      onDone(chosen ? `${plan.name} now sells ${name ?? chosen}.` : `${plan.name} sells no catalogue plan now.`);
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  if (choices.isLoading) return <Typography variant="body2">Loading the catalogue’s plans…</Typography>;
  if (!choices.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void choices.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the catalogue’s plans. {errorMessage(choices.error)}
      </Alert>
    );
  }
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-end', gap: 1, flexWrap: 'wrap', mt: 1 }}>
      <FormControl margin="dense" sx={{ minWidth: 220, maxWidth: '100%' }}>
        <InputLabel variant="standard" htmlFor={selectId} shrink>
          Catalogue plan it sells
        </InputLabel>
        <NativeSelect id={selectId} value={chosen} disabled={busy} onChange={(event) => setChosen(event.target.value)}>
          <option value="">None (never sent this plan)</option>
          {choices.data.map((choice) => (
            <option key={choice.code} value={choice.code}>
              {choice.name}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      <Button variant="contained" size="small" loading={busy} onClick={() => void save()}>
        Save mapping
      </Button>
      <Button size="small" disabled={busy} onClick={() => onDone(null)}>
        Cancel
      </Button>
      {failure && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * One of an upstream's plans: what it charges the provider, the catalogue plan it sells,
 * that plan's price to agents and so the margin on this route.
 */
export function UpstreamPlanItem({
  upstreamId,
  plan,
  mayEdit,
  onMapped,
}: {
  upstreamId: string;
  plan: TUpstreamPlan;
  mayEdit: boolean;
  onMapped: (text: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const titleId = `upstream-plan-${plan.serviceId}-${plan.code}`.replace(/[^\w-]/g, '_');
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {plan.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1, overflowWrap: 'anywhere' }}>
        Service {plan.serviceId} · code {plan.code}
      </Typography>
      <FigureList columns={4}>
        <Figure term="Cost">{formatNaira(plan.cost)}</Figure>
        <Figure term="Sells" note={plan.variationCode ? `code ${plan.variationCode}` : undefined}>
          {plan.variationCode ?? 'No catalogue plan'}
        </Figure>
        <Figure term="Price to agents">{plan.price === null ? '—' : formatNaira(plan.price)}</Figure>
        <Figure term="Margin" note={plan.price === null ? 'once mapped' : undefined}>
          {plan.price === null ? '—' : formatNaira(nairaDifference(plan.price, plan.cost))}
        </Figure>
      </FigureList>
      {editing ? (
        <MappingEditor
          upstreamId={upstreamId}
          plan={plan}
          onDone={(text) => {
            setEditing(false);
            if (text) onMapped(text);
          }}
        />
      ) : (
        mayEdit && (
          <Button size="small" sx={{ mt: 1 }} onClick={() => setEditing(true)} aria-describedby={titleId}>
            {plan.variationCode ? 'Change the catalogue plan' : 'Map to a catalogue plan'}
          </Button>
        )
      )}
    </Paper>
  );
}
