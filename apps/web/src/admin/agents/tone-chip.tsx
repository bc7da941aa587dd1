import type { ReactElement } from 'react';
import Chip from '@mui/material/Chip';

/**
 * A status in a word with its colour on the border and icon only: the word stays in the text
 * colour, readable on the page's grey and in dark mode (the theme's warning and error as text
 * fall under WCAG's 4.5:1 there), and the colour is never the only sign.
 */
export function ToneChip({
  label,
  tone,
  icon,
}: {
  label: string;
  tone: 'success' | 'warning' | 'error';
  icon: ReactElement<{ color?: string }>;
}) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      icon={icon}
      sx={{ color: 'text.primary', borderColor: `${tone}.main`, '& .MuiChip-icon': { color: `${tone}.main` } }}
    />
  );
}
