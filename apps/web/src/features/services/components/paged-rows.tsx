import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

const PAGE = 10;

/**
 * A long list shown ten at a time, so 1,000 rows stay light on a phone: the page's items and
 * Previous / Next. The page is kept in range when the list shrinks.
 */
export function PagedRows<T>({
  items,
  label,
  render,
}: {
  items: readonly T[];
  label: string;
  render: (item: T) => ReactNode;
}) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / PAGE));
  const current = Math.min(page, pages - 1);
  const shown = items.slice(current * PAGE, current * PAGE + PAGE);
  return (
    <>
      <Stack component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }} spacing={1}>
        {shown.map(render)}
      </Stack>
      {pages > 1 && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
          <Button size="small" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <Typography variant="body2" color="text.secondary">
            Rows {current * PAGE + 1}–{current * PAGE + shown.length} of {items.length}
          </Typography>
          <Button size="small" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </Stack>
      )}
    </>
  );
}
