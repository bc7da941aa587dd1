import { useState, type FormEvent } from 'react';
import { ORDER_STATES } from '@agentdesk/contract/admin/orders';
import { SERVICE_CATEGORIES } from '@agentdesk/contract/catalog/services';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { OrderFilters } from '../api/orders';
import { SERVICE_LABELS, STATE_LABELS, type FilterName } from './order-filters';

/** The list's search and filters; applied (to the URL) when submitted, so each search is one request. */
export function OrderSearchForm({
  filters,
  onSearch,
}: {
  filters: OrderFilters;
  onSearch: (values: Partial<Record<FilterName, string>>) => void;
}) {
  const [values, setValues] = useState<Record<FilterName, string>>({
    q: filters.q ?? '',
    agent: filters.agent ?? '',
    service: filters.service ?? '',
    state: filters.state ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
  });
  const set = (name: FilterName) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(values);
  }

  function clear() {
    const empty = { q: '', agent: '', service: '', state: '', from: '', to: '' };
    setValues(empty);
    onSearch(empty);
  }

  return (
    <Box component="form" role="search" aria-label="Find orders" noValidate onSubmit={submit} sx={{ mb: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1fr 1fr 1fr' },
        }}
      >
        <TextField
          size="small"
          label="Reference, request id, phone, meter or smartcard"
          name="q"
          value={values.q}
          onChange={set('q')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          size="small"
          label="Agent (username or id)"
          name="agent"
          value={values.agent}
          onChange={set('agent')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          size="small"
          select
          label="Service"
          name="service"
          value={values.service}
          onChange={set('service')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">All services</option>
          {SERVICE_CATEGORIES.map((service) => (
            <option key={service} value={service}>
              {SERVICE_LABELS[service]}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          select
          label="State"
          name="state"
          value={values.state}
          onChange={set('state')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Any state</option>
          {ORDER_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="From"
          name="from"
          value={values.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          name="to"
          value={values.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button type="submit" variant="contained">
          Search
        </Button>
        <Button type="button" onClick={clear}>
          Clear
        </Button>
      </Stack>
    </Box>
  );
}
