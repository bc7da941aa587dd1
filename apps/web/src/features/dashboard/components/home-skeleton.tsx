import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** The shape of the home while its summary loads, so nothing jumps when it arrives. */
export function HomeSkeleton() {
  return (
    <Box role="status" aria-label="Loading your dashboard" data-testid="home-skeleton" data-early-skeleton>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
        {[0, 1].map((key) => (
          <Box key={key} sx={{ flex: 1, p: 2.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Skeleton variant="text" width="30%" height={28} />
            {[0, 1, 2].map((line) => (
              <Skeleton key={line} variant="text" />
            ))}
            <Skeleton variant="rounded" height={28} width="70%" sx={{ mt: 1.5 }} />
          </Box>
        ))}
      </Stack>
      <Skeleton variant="rounded" height={300} sx={{ mt: 2 }} />
      <Skeleton variant="rounded" height={220} sx={{ mt: 2 }} />
    </Box>
  );
}
