import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Check from '@mui/icons-material/Check';

/**
 * Copies a value (a reference, a token, an account number) to the clipboard. The label names
 * what is copied, so a screen reader hears "Copy reference", then "Copied" once done.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);

  // "Copied" shows for two seconds; the timer goes with the button, so none fires after it is gone.
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the value stays selectable on screen.
    }
  }

  return (
    <Tooltip title={copied ? 'Copied' : label}>
      <IconButton size="small" aria-label={copied ? `${label}: copied` : label} onClick={() => void copy()}>
        {copied ? <Check fontSize="small" /> : <ContentCopy fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
