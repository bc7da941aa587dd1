import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** While a console screen's data arrives. */
export function ScreenLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4 }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Box>
  );
}
