import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFailureRate } from '@agentdesk/contract/admin/overview';
import { OverviewCard } from './overview-card';

const SERVICES: Record<TFailureRate['service'], string> = {
  airtime: 'Airtime',
  data: 'Data',
  electricity: 'Electricity',
  cable: 'Cable TV',
  'result-checker': 'Result checker',
};

/**
 * The last hour's failure rate (failed of settled) by service and network: three narrow
 * columns, so the table fits a 360 px phone without scrolling sideways.
 */
export function FailureRatesCard({ rates }: { rates: readonly TFailureRate[] }) {
  return (
    <OverviewCard id="overview-failures" title="Failure rate, last hour">
      {rates.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No orders settled in the last hour.
        </Typography>
      ) : (
        <Table size="small" aria-labelledby="overview-failures-title">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Service and network
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Failed
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Rate
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rates.map((rate) => (
              <TableRow key={`${rate.service} ${rate.serviceId}`}>
                <TableCell component="th" scope="row">
                  {SERVICES[rate.service]} · {rate.serviceId}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {rate.failed} of {rate.settled}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{
                    whiteSpace: 'nowrap',
                    fontWeight: rate.failed > 0 ? 700 : undefined,
                    color: rate.failed > 0 ? 'error.dark' : undefined,
                  }}
                >
                  {rate.failurePercent}&nbsp;%
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </OverviewCard>
  );
}
