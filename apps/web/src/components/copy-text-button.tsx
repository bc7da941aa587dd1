import Button from '@mui/material/Button';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { copyText } from '../lib/copy-text';

/**
 * A "Copy token" text button that copies `text` and says so in a toast ("Token copied");
 * `label` names what is copied ("token"), on screen and for screen readers alike. For a value
 * the page shows large (a token, PINs, a referral code); `CopyButton` is the icon for a value
 * inside a line. The label never wraps or shrinks: a squeezed "⧉ C" says nothing.
 */
export function CopyTextButton({ text, label }: { text: string; label: string }) {
  return (
    <Button
      size="small"
      className="no-print"
      startIcon={<ContentCopy aria-hidden="true" />}
      onClick={() => void copyText(text, label)}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0, minWidth: 'max-content' }}
    >
      Copy {label}
    </Button>
  );
}
