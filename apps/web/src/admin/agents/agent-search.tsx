import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Search from '@mui/icons-material/Search';
import { TextInput } from '../../components/text-input';
import type { AgentsFilter } from '../api/agents';

const STATUSES: ReadonlyArray<readonly [AgentsFilter['status'], string]> = [
  ['', 'All'],
  ['active', 'Active'],
  ['suspended', 'Suspended'],
];

/**
 * The list's search (sent to the server when submitted: a name, username, phone or email, at
 * least 3 characters, as the server asks) and its status filter, applied at once.
 */
export function AgentSearch({ filter, onChange }: { filter: AgentsFilter; onChange: (filter: AgentsFilter) => void }) {
  const [text, setText] = useState(filter.q);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    if (q.length > 0 && q.length < 3) {
      setError('Type at least 3 characters of a name, username, phone or email');
      return;
    }
    setError(null);
    onChange({ ...filter, q });
  }

  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Stack
        component="form"
        role="search"
        aria-label="Agents"
        noValidate
        onSubmit={submit}
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextInput
          label="Name, username, phone or email"
          name="q"
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
        <Button type="submit" variant="contained" startIcon={<Search />} sx={{ mt: '8px !important', minHeight: 56 }}>
          Search
        </Button>
      </Stack>
      <Stack
        direction="row"
        role="group"
        aria-labelledby="agents-status-label"
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        <Typography id="agents-status-label" variant="body2" color="text.secondary">
          Status
        </Typography>
        {STATUSES.map(([value, label]) => {
          const pressed = filter.status === value;
          return (
            <Chip
              key={label}
              label={label}
              clickable
              color={pressed ? 'primary' : 'default'}
              variant={pressed ? 'filled' : 'outlined'}
              aria-pressed={pressed}
              onClick={() => onChange({ ...filter, status: value })}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}
