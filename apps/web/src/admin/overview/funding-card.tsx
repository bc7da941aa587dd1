import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TOverviewData } from '../api/overview';
import { waitingFor } from '../funding/waiting-for';
import { Headline, OverviewCard } from './overview-card';

/** Transfers agents reported, waiting for an operator, with the way to the queue. */
export function FundingCard({ funding, asOf }: { funding: TOverviewData['funding']; asOf: string }) {
  const noun = funding.waiting === 1 ? 'transfer' : 'transfers';
  return (
    <OverviewCard id="overview-funding" title="Funding waiting">
      <Headline>{funding.waiting === 0 ? 'None' : `${funding.waiting} ${noun}`}</Headline>
      <Typography variant="body2" color="text.secondary">
        {funding.oldestAt
          ? `The oldest was reported ${waitingFor(funding.oldestAt, Date.parse(asOf))} ago.`
          : 'No reported transfer is waiting for a decision.'}
      </Typography>
      <Button
        component={RouterLink}
        to="/admin/funding"
        variant="outlined"
        sx={{ alignSelf: 'flex-start', mt: 'auto' }}
      >
        Open the funding queue
      </Button>
    </OverviewCard>
  );
}
