import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** What a screen says after an operator's action: the result, or why nothing happened. */
export interface ActionOutcome {
  severity: 'success' | 'info' | 'warning' | 'error';
  text: string;
}

/**
 * The outcome of the last action, announced politely and given the focus when it arrives: the
 * row or dialog whose button had the focus is usually gone, so the focus goes to what happened
 * instead of the top of the page. Closing it gives the screen back its space.
 */
export function OutcomeAlert({ outcome, onClose }: { outcome: ActionOutcome | null; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);

  return (
    <Box aria-live="polite">
      {outcome && (
        <Alert ref={ref} tabIndex={-1} role="status" severity={outcome.severity} onClose={onClose} sx={{ mb: 2 }}>
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
}
