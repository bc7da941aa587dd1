import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { SaveState } from './use-settings-form';

/** The save button (for those who may save) and what the last save did, read out when it changes. */
export function FormFooter({
  mayChange,
  busy,
  changed,
  state,
  label,
  extra,
}: {
  mayChange: boolean;
  busy: boolean;
  changed: boolean;
  state: SaveState;
  label: string;
  extra?: ReactNode;
}) {
  return (
    <>
      <Box aria-live="polite">
        {state && (
          <Alert severity={state.severity} role="status" sx={{ mt: 1 }}>
            {state.text}
          </Alert>
        )}
      </Box>
      {mayChange ? (
        <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" loading={busy} disabled={!changed}>
            {label}
          </Button>
          {extra}
        </Stack>
      ) : (
        <Alert severity="info" sx={{ mt: 2 }}>
          Only an owner can change these.
        </Alert>
      )}
    </>
  );
}
