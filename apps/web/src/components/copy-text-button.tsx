import Button from '@mui/material/Button';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { copyText } from '../lib/copy-text';

/**
 * A "Copy" text button that copies `text` and says so in a toast ("Token copied"); `label`
 * names what is copied ("token"), for screen readers too. For a value the page shows large
 * (a token, PINs, a referral code); `CopyButton` is the icon for a value inside a line.
 */
export function CopyTextButton({ text, label }: { text: string; label: string }) {
  return (
    <Button
      size="small"
      className="no-print"
      startIcon={<ContentCopy aria-hidden="true" />}
      onClick={() => void copyText(text, label)}
      aria-label={`Copy ${label}`}
    >
      Copy
    </Button>
  );
}
