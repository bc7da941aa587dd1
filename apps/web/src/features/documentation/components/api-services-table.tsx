import { useDeferredValue, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../../components/text-input';
import { formatNaira } from '../../../lib/money';
import { useApiServicesQuery } from '../api/list-api-services';
import { filterRows, serviceRows, type ServiceRow } from '../lib/service-rows';
import { Code } from './guide-section';

const PHONE_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } } as const;

function FaceValue({ row }: { row: ServiceRow }) {
  if (row.faceValue !== null) return <>{formatNaira(row.faceValue)}</>;
  if (row.minAmount !== null && row.maxAmount !== null)
    return (
      <>
        {formatNaira(row.minAmount)} – {formatNaira(row.maxAmount)}
      </>
    );
  return <>Any amount</>;
}

function PlanCell({ row }: { row: ServiceRow }) {
  return (
    <>
      {row.plan}
      {row.code && (
        <Typography variant="caption" component="div" color="text.secondary">
          code: {row.code}
        </Typography>
      )}
    </>
  );
}

function Price({ row }: { row: ServiceRow }) {
  if (row.price !== null) return <strong>{formatNaira(row.price)}</strong>;
  return <>{row.discountPercent}% off the amount</>;
}

/**
 * The agent's own catalogue as the API sells it, with their prices: what to put in a
 * purchase body (`service`, the plan's code) and what it will cost.
 */
export function ApiServicesTable() {
  const services = useApiServicesQuery();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const rows = useMemo(() => serviceRows(services.data?.data ?? []), [services.data]);
  const shown = useMemo(() => filterRows(rows, deferredSearch), [rows, deferredSearch]);

  if (services.isLoading) {
    return (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, py: 3 }} role="status">
        <CircularProgress size={20} aria-hidden="true" />
        <Typography variant="body2">Loading your services and prices…</Typography>
      </Stack>
    );
  }
  if (services.isError || !services.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void services.refetch()}>
            Try again
          </Button>
        }
      >
        Your services and prices could not be loaded.
      </Alert>
    );
  }
  if (rows.length === 0) {
    return <Alert severity="info">No services are available to you yet: your provider has not enabled any.</Alert>;
  }

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        What you can buy through the API and what each costs you. Send the <strong>service</strong> value and the plan’s{' '}
        <strong>code</strong> in a purchase (<Code>planCode</Code> for data, <Code>bouquetCode</Code> for cable,{' '}
        <Code>variationCode</Code> for exam PINs); the same list is at <Code>GET /api/v1/reseller/services</Code>.
      </Typography>
      <Box sx={{ maxWidth: 420 }}>
        <TextInput
          label="Search services"
          name="service-search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="mtn 1gb, dstv, waec…"
        />
      </Box>
      <Typography variant="caption" color="text.secondary" role="status">
        {shown.length === rows.length ? `${rows.length} plans` : `${shown.length} of ${rows.length} plans`}
      </Typography>
      {shown.length === 0 ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          No service or plan matches “{deferredSearch.trim()}”.
        </Alert>
      ) : (
        // It scrolls (down, and sideways on a phone): a named region that takes keyboard focus.
        <TableContainer
          component={Paper}
          variant="outlined"
          role="region"
          aria-label="Services and prices"
          tabIndex={0}
          sx={{ mt: 1, maxHeight: 560, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
        >
          <Table size="small" stickyHeader aria-label="Your API services and prices">
            <TableHead>
              <TableRow>
                <TableCell>Service</TableCell>
                <TableCell sx={PHONE_HIDDEN}>Plan</TableCell>
                <TableCell align="right" sx={PHONE_HIDDEN}>
                  Face value
                </TableCell>
                <TableCell align="right">Your price</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row) => (
                <TableRow key={row.key} hover>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    {row.serviceName}
                    <Typography variant="caption" component="div" color="text.secondary">
                      service: {row.purchaseService} · {row.serviceId}
                    </Typography>
                    {/* On a phone the plan column is folded under the service. */}
                    <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                      <PlanCell row={row} />
                    </Box>
                  </TableCell>
                  <TableCell sx={{ ...PHONE_HIDDEN, verticalAlign: 'top' }}>
                    <PlanCell row={row} />
                  </TableCell>
                  <TableCell align="right" sx={{ ...PHONE_HIDDEN, verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                    <FaceValue row={row} />
                  </TableCell>
                  <TableCell align="right" sx={{ verticalAlign: 'top' }}>
                    <Price row={row} />
                    {/* On a phone the face value column is folded under the price. */}
                    <Typography
                      variant="caption"
                      component="div"
                      color="text.secondary"
                      sx={{ display: { xs: 'block', sm: 'none' } }}
                    >
                      {row.faceValue === null ? 'amounts' : 'face value'} <FaceValue row={row} />
                    </Typography>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
