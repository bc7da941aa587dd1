import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TUpstreamHealth } from '@agentdesk/contract/admin/upstreams';
import { errorMessage } from '../../lib/http/error-message';
import { formatNaira } from '../../lib/money';
import { useUpstreamsHealthQuery } from '../api/overview';
import { lagosTime } from './lagos-clock';
import { OverviewCard } from './overview-card';

const latency = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** One upstream: its balance and, per service, the last hour's deliveries, latency and breaker. */
function UpstreamHealth({ upstream }: { upstream: TUpstreamHealth }) {
  const titleId = `upstream-health-${upstream.id}`;
  const { balance } = upstream;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <Typography id={titleId} component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
        {upstream.name}
        {!upstream.enabled && ' (switched off)'}
      </Typography>
      <Typography variant="body2">
        Balance: {balance.balance === null ? 'not read yet' : formatNaira(balance.balance)}
        {balance.readAt && `, read at ${lagosTime(balance.readAt)}`}
      </Typography>
      {balance.warning && (
        <Alert severity="warning" role="status" sx={{ my: 1 }}>
          {balance.note}
        </Alert>
      )}
      {balance.lastError && (
        <Alert severity="error" role="status" sx={{ my: 1 }}>
          The last reading failed: {balance.lastError}.
        </Alert>
      )}
      {upstream.services.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No attempts in the last hour.
        </Typography>
      ) : (
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Service
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Delivered
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Pay, median / 95 %
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {upstream.services.map((service) => (
              <TableRow key={service.serviceId}>
                <TableCell component="th" scope="row">
                  {service.serviceId}
                  {service.breakerOpenUntil && (
                    <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 700 }}>
                      Skipped until {lagosTime(service.breakerOpenUntil)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  <span style={{ whiteSpace: 'nowrap' }}>
                    {service.delivered} of {service.attempts}
                  </span>{' '}
                  <span style={{ whiteSpace: 'nowrap' }}>({service.successPercent ?? '—'}&nbsp;%)</span>
                  {service.unknown > 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {service.unknown} unknown
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {latency(service.medianMs)} / {latency(service.p95Ms)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/**
 * The overview's health panel (decision 040): what operators were told in the last day (a
 * breaker that opened, a balance that will not last), then each upstream's last hour. Asked
 * on its own, at the overview's pace, so a slow answer never holds the other figures back.
 */
export function UpstreamsHealthCard({ pollingInterval }: { pollingInterval: number }) {
  const health = useUpstreamsHealthQuery(undefined, { pollingInterval, refetchOnMountOrArgChange: true });
  const data = health.data?.data;

  let body;
  if (health.isLoading) {
    body = (
      <Typography variant="body2" color="text.secondary" role="status">
        Loading the upstreams’ health…
      </Typography>
    );
  } else if (!data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void health.refetch()}>
            Retry
          </Button>
        }
      >
        Could not load the upstreams’ health. {errorMessage(health.error)}
      </Alert>
    );
  } else {
    body = (
      <>
        {data.alerts.map((alert) => (
          <Alert key={alert.id} severity="warning" role="status">
            {lagosTime(alert.createdAt)}: {alert.message}
          </Alert>
        ))}
        {data.upstreams.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No upstream is configured.
          </Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {data.upstreams.map((upstream) => (
              <UpstreamHealth key={upstream.id} upstream={upstream} />
            ))}
          </Box>
        )}
        <Typography variant="body2" color="text.secondary">
          The last hour’s orders per upstream: an upstream that delivers under half of its last attempts at a service is
          skipped for it for a while, while another upstream of the route can take the order.
        </Typography>
      </>
    );
  }

  return (
    <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
      <OverviewCard id="overview-upstreams-health" title="Upstreams health">
        {body}
      </OverviewCard>
    </Box>
  );
}
