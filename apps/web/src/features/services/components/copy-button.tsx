import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import ContentCopy from '@mui/icons-material/ContentCopy';

/** Copies `text` to the clipboard and says so; `label` names what is copied, for screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copied');
    } catch {
      toast.error('Could not copy: select the text and copy it by hand.');
    }
  }
  return (
    <Button
      size="small"
      className="no-print"
      startIcon={<ContentCopy aria-hidden="true" />}
      onClick={() => void copy()}
      aria-label={`Copy ${label}`}
    >
      Copy
    </Button>
  );
}
