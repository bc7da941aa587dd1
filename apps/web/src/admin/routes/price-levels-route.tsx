import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { createPriceLevel, type TPriceLevel } from '@agentdesk/contract/admin/price-levels';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/http/error-message';
import {
  useCreatePriceLevelMutation,
  usePriceLevelsQuery,
  useRenamePriceLevelMutation,
  useSetDefaultPriceLevelMutation,
  useSetPriceLevelFollowRuleMutation,
} from '../api/price-levels';
import { ScreenLoading } from '../layout/screen-loading';
import { LevelCard } from '../price-levels/level-card';
import { LevelNameDialog } from '../price-levels/level-name-dialog';
import { useOperatorMay } from '../session/use-operator-may';

type Outcome = { severity: 'success' | 'error'; text: string };
type Naming = { kind: 'create' } | { kind: 'rename'; level: TPriceLevel } | null;

/**
 * /admin/catalog/levels: the price levels (docs/decisions/038), which new agents join, how many
 * agents and overrides each has. Under the catalogue: a level is the catalogue's prices with a
 * group's exceptions. Owners and finance create, rename and choose the default; support reads.
 */
export function PriceLevelsRoute() {
  const mayEdit = useOperatorMay(createPriceLevel);
  const levels = usePriceLevelsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [create] = useCreatePriceLevelMutation();
  const [rename] = useRenamePriceLevelMutation();
  const [makeDefault] = useSetDefaultPriceLevelMutation();
  const [setFollowRule] = useSetPriceLevelFollowRuleMutation();
  const [switchingRule, setSwitchingRule] = useState<string | null>(null);
  const [naming, setNaming] = useState<Naming>(null);
  const [defaulting, setDefaulting] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  async function chooseDefault(level: TPriceLevel) {
    setDefaulting(level.id);
    setOutcome(null);
    try {
      const answer = await makeDefault(level.id).unwrap();
      setOutcome({ severity: 'success', text: `${answer.message}. Agents already in a level stay where they are.` });
    } catch (error) {
      setOutcome({ severity: 'error', text: `${level.name} is not the default: ${errorMessage(error)}` });
    } finally {
      setDefaulting(null);
    }
  }

  /** Keep the discount ⇄ keep the margin, when the upstream's prices change (decision 041). */
  async function switchRule(level: TPriceLevel) {
    setSwitchingRule(level.id);
    setOutcome(null);
    try {
      const followRule = level.followRule === 'keep-margin' ? 'keep-discount' : 'keep-margin';
      const answer = await setFollowRule({ id: level.id, followRule }).unwrap();
      setOutcome({ severity: 'success', text: `${answer.message}.` });
    } catch (error) {
      setOutcome({ severity: 'error', text: `${level.name} is unchanged: ${errorMessage(error)}` });
    } finally {
      setSwitchingRule(null);
    }
  }

  let body;
  if (levels.isLoading) {
    body = <ScreenLoading label="Loading the price levels…" />;
  } else if (!levels.data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void levels.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the price levels. {errorMessage(levels.error)}
      </Alert>
    );
  } else if (levels.data.length === 0) {
    body = <EmptyState title="No price levels">Every agent is in a level: the server makes the first one.</EmptyState>;
  } else {
    body = (
      <Stack component="ul" aria-label="Price levels" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {levels.data.map((level) => (
          <li key={level.id}>
            <LevelCard
              level={level}
              mayEdit={mayEdit}
              onRename={() => setNaming({ kind: 'rename', level })}
              onMakeDefault={() => void chooseDefault(level)}
              makingDefault={defaulting === level.id}
              onSwitchRule={() => void switchRule(level)}
              switchingRule={switchingRule === level.id}
            />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Link
        component={RouterLink}
        to="/admin/catalog"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBack fontSize="small" aria-hidden="true" />
        Catalogue
      </Link>
      <PageHeader
        title="Price levels"
        subtitle="What each group of agents pays"
        action={
          mayEdit ? (
            <Button variant="outlined" startIcon={<Add />} onClick={() => setNaming({ kind: 'create' })}>
              New level
            </Button>
          ) : undefined
        }
      />
      <Box aria-live="polite">
        {outcome && (
          <Alert
            ref={outcomeRef}
            tabIndex={-1}
            role="status"
            severity={outcome.severity}
            onClose={() => setOutcome(null)}
            sx={{ mb: 2 }}
          >
            {outcome.text}
          </Alert>
        )}
      </Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        Every agent buys at the prices of one level, on the dashboard and through the API. A level pays the catalogue’s
        price wherever it sets nothing of its own.{' '}
        {mayEdit ? 'Move an agent between levels from their page.' : 'Only an owner or finance can change levels.'}
      </Alert>
      {body}
      {naming && (
        <LevelNameDialog
          title={naming.kind === 'create' ? 'New price level' : `Rename ${naming.level.name}`}
          explanation={
            naming.kind === 'create'
              ? 'A new level has no prices of its own: its agents pay the catalogue’s until you set some.'
              : 'Agents never see a level’s name; operators and the audit log do.'
          }
          initial={naming.kind === 'create' ? '' : naming.level.name}
          saveLabel={naming.kind === 'create' ? 'Create level' : 'Save name'}
          onSave={async (name) => {
            const answer =
              naming.kind === 'create'
                ? await create({ name }).unwrap()
                : await rename({ id: naming.level.id, name }).unwrap();
            setNaming(null);
            setOutcome({ severity: 'success', text: `${answer.message}.` });
          }}
          onClose={() => setNaming(null)}
        />
      )}
    </>
  );
}
