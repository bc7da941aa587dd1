import Box from '@mui/material/Box';
import type { TDailySales } from '@agentdesk/contract/dashboard/summary';
import { formatNaira } from '../../../lib/money';
import { SERVICE_LABELS, formatDay, servicesWithSales } from '../lib/sales-series';

/** The chart's numbers as a table (its text alternative): the days with sales, by service. */
export function SalesTable({ daily }: { daily: readonly TDailySales[] }) {
  const services = servicesWithSales(daily);
  const days = daily.filter((day) => Number(day.total) > 0);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: '0.875rem',
          '& th, & td': { px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', whiteSpace: 'nowrap' },
          '& td, & thead th:not(:first-of-type)': { textAlign: 'right' },
          '& tbody th': { textAlign: 'left', fontWeight: 400 },
        }}
      >
        <caption style={{ textAlign: 'left', captionSide: 'top', paddingBottom: 4 }}>
          Sales by day and service (face value), days with sales only
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {services.map((service) => (
              <th scope="col" key={service}>
                {SERVICE_LABELS[service]}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              {services.map((service) => (
                <td key={service}>{formatNaira(day.byService[service])}</td>
              ))}
              <td>{formatNaira(day.total)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
