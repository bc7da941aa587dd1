import Typography from '@mui/material/Typography';
import type { TOverviewData } from '../api/overview';
import { waitingFor } from '../funding/waiting-for';
import { Headline, OverviewCard } from './overview-card';

/** Orders not settled yet, and how long the oldest has waited (at the time of the figures). */
export function PendingCard({ pending, asOf }: { pending: TOverviewData['pending']; asOf: string }) {
  return (
    <OverviewCard id="overview-pending" title="Pending orders">
      <Headline>{pending.count}</Headline>
      <Typography variant="body2" color="text.secondary">
        {pending.oldestAt
          ? `The oldest has waited ${waitingFor(pending.oldestAt, Date.parse(asOf))}.`
          : 'No orders waiting for the upstream.'}
      </Typography>
    </OverviewCard>
  );
}
