import { useState, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Search from '@mui/icons-material/Search';
import { TextInput } from '../../components/text-input';
import { searchTerm } from './catalog-words';

/**
 * A search sent to the server when submitted (Enter or the button), not on every key: one
 * request per search on a slow line. Blank shows everything again.
 */
export function SearchForm({
  label,
  name,
  onSearch,
  children,
}: {
  label: string;
  name: string;
  onSearch: (q: string | undefined) => void;
  /** More filters beside the text (a category). */
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const { q, tooShort } = searchTerm(text);
    if (tooShort) {
      setError('Type at least 2 characters, or clear the search to see everything');
      return;
    }
    setError(null);
    onSearch(q);
  }

  return (
    <Stack
      component="form"
      role="search"
      aria-label={label}
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: { xs: 0, sm: 1.5 }, alignItems: { sm: 'flex-start' }, mb: 2 }}
    >
      <TextInput
        label={label}
        name={name}
        type="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? undefined}
        maxLength={60}
      />
      {children}
      <Button type="submit" variant="outlined" startIcon={<Search />} sx={{ mt: { xs: 1, sm: 1.5 }, flexShrink: 0 }}>
        Search
      </Button>
    </Stack>
  );
}
