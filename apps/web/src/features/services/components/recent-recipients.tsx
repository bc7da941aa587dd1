import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The last numbers this service sold to on this device, one tap to reuse. */
export function RecentRecipients({ items, onPick }: { items: readonly string[]; onPick: (value: string) => void }) {
  if (items.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
      <Typography variant="caption" color="text.secondary" component="span">
        Recent:
      </Typography>
      {items.map((item) => (
        <Chip
          key={item}
          label={item}
          size="small"
          variant="outlined"
          onClick={() => onPick(item)}
          aria-label={`Use ${item}`}
        />
      ))}
    </Stack>
  );
}
