import Box from '@mui/material/Box';
import { CopyButton } from '../../../components/copy-button';

/**
 * Code as it should be copied: monospace, scrolling sideways on a phone, with a copy button.
 * The block is a named region that takes keyboard focus, so the arrow keys scroll it (axe's
 * scrollable-region-focusable); the label names the sample, and its language if it has one.
 */
export function CodeBlock({
  code,
  label,
  copyLabel = 'Copy code',
}: {
  code: string;
  label: string;
  copyLabel?: string;
}) {
  return (
    <Box sx={{ position: 'relative', minWidth: 0 }}>
      <Box
        component="pre"
        role="region"
        aria-label={label}
        tabIndex={0}
        sx={{
          m: 0,
          p: 2,
          pr: 6,
          overflowX: 'auto',
          bgcolor: 'grey.900',
          color: 'grey.100',
          borderRadius: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 13,
          lineHeight: 1.5,
        }}
      >
        <code>{code}</code>
      </Box>
      <Box
        sx={{
          position: 'absolute',
          top: 4,
          right: 4,
          color: 'grey.100',
          '& .MuiIconButton-root': { color: 'inherit' },
        }}
      >
        <CopyButton value={code} label={copyLabel} />
      </Box>
    </Box>
  );
}
