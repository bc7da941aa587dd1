import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import FilterList from '@mui/icons-material/FilterList';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@agentdesk/contract/transactions/transaction';
import { STATUS_LABELS, TYPE_LABELS, type FilterChoice } from './transaction-filter';

function ChipGroup<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (value: T | null) => void;
}) {
  const id = `filter-${label.toLowerCase()}`;
  return (
    <Stack direction="row" role="group" aria-labelledby={id} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Typography id={id} variant="body2" color="text.secondary" sx={{ minWidth: 48 }}>
        {label}
      </Typography>
      {options.map((option) => {
        const pressed = value === option;
        return (
          <Chip
            key={option}
            label={labels[option]}
            clickable
            color={pressed ? 'primary' : 'default'}
            variant={pressed ? 'filled' : 'outlined'}
            aria-pressed={pressed}
            onClick={() => onChange(pressed ? null : option)}
          />
        );
      })}
    </Stack>
  );
}

/** How many filters are set (the search box, always in view, is not counted). */
export function activeFilterCount(choice: FilterChoice): number {
  return [choice.type, choice.status, choice.from, choice.to].filter(Boolean).length;
}

const PANEL_ID = 'transaction-filters';

/**
 * Type and status chips (tap again to clear) and an optional date range. On phones they sit
 * behind a "Filters" toggle that counts the filters set, so the first screen shows
 * transactions, not chips; on wider screens they are always open.
 */
export function TransactionFilters({
  choice,
  onChange,
}: {
  choice: FilterChoice;
  onChange: (update: (current: FilterChoice) => FilterChoice) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [opened, setOpened] = useState(false);
  const count = activeFilterCount(choice);
  const open = !phone || opened;
  return (
    <>
      {phone && (
        <Button
          variant={count > 0 ? 'contained' : 'outlined'}
          size="small"
          startIcon={<FilterList aria-hidden="true" />}
          aria-expanded={open}
          aria-controls={PANEL_ID}
          onClick={() => setOpened((current) => !current)}
          sx={{ mb: 2 }}
        >
          {count > 0 ? `Filters (${count})` : 'Filters'}
        </Button>
      )}
      <Collapse in={open} id={PANEL_ID} appear={false}>
        <FilterFields choice={choice} onChange={onChange} />
      </Collapse>
    </>
  );
}

function FilterFields({
  choice,
  onChange,
}: {
  choice: FilterChoice;
  onChange: (update: (current: FilterChoice) => FilterChoice) => void;
}) {
  const badRange = Boolean(choice.from && choice.to && choice.from > choice.to);
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      <ChipGroup
        label="Type"
        options={TRANSACTION_TYPES}
        labels={TYPE_LABELS}
        value={choice.type}
        onChange={(type) => onChange((current) => ({ ...current, type }))}
      />
      <ChipGroup
        label="Status"
        options={TRANSACTION_STATUSES}
        labels={STATUS_LABELS}
        value={choice.status}
        onChange={(status) => onChange((current) => ({ ...current, status }))}
      />
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <TextField
          label="From"
          type="date"
          size="small"
          value={choice.from}
          onChange={(event) => onChange((current) => ({ ...current, from: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={choice.to}
          error={badRange}
          helperText={badRange ? 'Must not be before From' : undefined}
          onChange={(event) => onChange((current) => ({ ...current, to: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
      </Stack>
    </Stack>
  );
}
