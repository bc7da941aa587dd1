import { useState, type FormEvent } from 'react';
import { ZListAuditQuery } from '@agentdesk/contract/admin/audit';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { validate, type FieldErrors } from '../../lib/forms/validate';
import type { AuditFilters } from '../api/audit';
import { useOperatorsInfiniteQuery } from '../api/operators';
import { ACTION_CHOICES, TARGET_CHOICES } from './audit-words';

/** The search's fields, as the form holds them (empty is "any"). */
const FIELDS = ['operatorId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The filters a URL's query string asks for (unknown keys left out; the server checks the values). */
export function filtersFromSearch(search: URLSearchParams): AuditFilters {
  const filters: Record<string, string> = {};
  for (const key of [...FIELDS, 'agentId'] as const) {
    const value = search.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

function valuesOf(filters: AuditFilters): Values {
  const record = filters as Record<string, string | undefined>;
  return Object.fromEntries(FIELDS.map((key) => [key, record[key] ?? ''])) as Values;
}

const wide = { minWidth: { xs: '100%', sm: 220 }, flex: '1 1 220px' } as const;
const narrow = { minWidth: { xs: '100%', sm: 160 }, flex: '1 1 160px' } as const;

/**
 * The audit log's search: operator, action, target (its kind, and its id), Lagos dates. Checked
 * with the contract's rules before it is sent; the search itself runs on the server.
 */
export function AuditFiltersForm({
  filters,
  onSearch,
}: {
  filters: AuditFilters;
  onSearch: (filters: AuditFilters) => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(filters));
  const [errors, setErrors] = useState<FieldErrors>({});
  // A search from the address (back, forward, a link) shows in the fields.
  const searched = JSON.stringify(filters);
  const [shown, setShown] = useState(searched);
  if (searched !== shown) {
    setShown(searched);
    setValues(valuesOf(filters));
    setErrors({});
  }
  const operators = useOperatorsInfiniteQuery();
  const staff = operators.data?.pages.flatMap((page) => page.data) ?? [];
  const agentId = filters.agentId;

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = Object.fromEntries(
      Object.entries({ ...values, agentId }).filter(([, value]) => value !== undefined && value.trim() !== ''),
    ) as AuditFilters;
    const checked = validate(ZListAuditQuery, chosen);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    onSearch(chosen);
  }

  function clear() {
    setValues(valuesOf({}));
    setErrors({});
    onSearch({});
  }

  const text = (field: Field) => ({
    name: field,
    value: values[field],
    error: Boolean(errors[field]),
    helperText: errors[field],
    size: 'small' as const,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });
  const native = { select: { native: true }, inputLabel: { shrink: true } };

  return (
    <Stack component="form" noValidate onSubmit={submit} aria-label="Search the audit log" spacing={1.5} sx={{ mb: 3 }}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <TextField {...text('operatorId')} select label="Operator" slotProps={native} sx={wide}>
          <option value="">Any operator</option>
          {staff.map((operator) => (
            <option key={operator.id} value={operator.id}>
              {operator.username} ({operator.role})
            </option>
          ))}
        </TextField>
        <TextField {...text('action')} select label="Action" slotProps={native} sx={wide}>
          <option value="">Any action</option>
          {ACTION_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </TextField>
        <TextField {...text('targetType')} select label="Target" slotProps={native} sx={narrow}>
          <option value="">Anything</option>
          {TARGET_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </TextField>
        <TextField {...text('targetId')} label="Target id" sx={wide} />
        <TextField
          {...text('from')}
          type="date"
          label="From"
          slotProps={{ inputLabel: { shrink: true } }}
          sx={narrow}
        />
        <TextField {...text('to')} type="date" label="To" slotProps={{ inputLabel: { shrink: true } }} sx={narrow} />
      </Stack>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained">
          Search
        </Button>
        <Button type="button" onClick={clear}>
          Clear
        </Button>
      </Stack>
    </Stack>
  );
}
