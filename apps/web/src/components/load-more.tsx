import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/**
 * The end of a paged list: loads the next page when it scrolls into view, and offers a
 * "Load more" button for keyboard users and browsers without IntersectionObserver.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  label = 'Load more',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  label?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  useEffect(() => {
    latest.current = { hasMore, loading, onLoadMore };
  });

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, onLoadMore: load } = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && more && !busy) load();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <div ref={sentinel} aria-hidden="true" />
      {hasMore && (
        <Button variant="outlined" onClick={onLoadMore} loading={loading}>
          {label}
        </Button>
      )}
    </Box>
  );
}
