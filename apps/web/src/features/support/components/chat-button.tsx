import IconButton from '@mui/material/IconButton';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { Hint } from '../../../components/hint';
import { chatUrl, useLazySupportLinkQuery, usePrefetchSupportLink } from '../api/get-support-link';

/** Opens the provider's WhatsApp support chat; on any failure it does nothing (spec section 7). */
export function ChatButton() {
  const [fetchSupportLink] = useLazySupportLinkQuery();
  const prefetch = usePrefetchSupportLink();

  async function openChat() {
    try {
      const answer = await fetchSupportLink(undefined, true).unwrap();
      const url = chatUrl(answer.data[0]?.link);
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
    } catch {
      // Silently ignored, as the spec says: the button simply does nothing.
    }
  }

  return (
    <Hint title="Chat with support">
      <IconButton
        aria-label="Chat with support"
        onClick={() => void openChat()}
        // A browser may block a window opened long after the click: have the link ready.
        onMouseEnter={() => prefetch()}
        onFocus={() => prefetch()}
        sx={{
          bgcolor: 'success.main',
          color: 'success.contrastText',
          '&:hover': { bgcolor: 'success.dark' },
        }}
      >
        <WhatsApp />
      </IconButton>
    </Hint>
  );
}
