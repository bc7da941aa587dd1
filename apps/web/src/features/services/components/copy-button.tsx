import Button from '@mui/material/Button';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { copyText } from '../../../lib/copy-text';

/** Copies `text` to the clipboard and says so; `label` names what is copied ("token"), for screen readers too. */
export function CopyButton({ text, label }: { text: string; label: string }) {
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
