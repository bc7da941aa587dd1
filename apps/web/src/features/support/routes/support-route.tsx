import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { ChatButton } from '../components/chat-button';
import { ContactDetails } from '../components/contact-details';
import { SupportFaq } from '../components/support-faq';

/** The spec's support page (its title), with the contact details, the chat and a short FAQ. */
export function SupportRoute() {
  return (
    <>
      <PageHeader title="Support" />
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <ContactDetails />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <ChatButton />
            <Box>
              <Typography sx={{ fontWeight: 600 }}>Chat with support</Typography>
              <Typography variant="body2" color="text.secondary">
                Opens WhatsApp with the provider’s support line.
              </Typography>
            </Box>
          </Stack>
        </Paper>
        <SupportFaq />
      </Stack>
    </>
  );
}
