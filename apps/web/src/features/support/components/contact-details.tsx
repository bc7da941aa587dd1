import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/http/error-message';
import { telHref, useContactQuery } from '../api/get-contact';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The provider's contact details, each one a link a phone can act on. */
export function ContactDetails() {
  const contact = useContactQuery();
  if (contact.isLoading) return <Typography role="status">Loading contact details…</Typography>;
  if (contact.isError || !contact.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void contact.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the contact details. {errorMessage(contact.error)}
      </Alert>
    );
  }
  const { phone, email, whatsapp, address, hours } = contact.data.data;
  if (!phone && !email && !whatsapp && !address && !hours) {
    return <Alert severity="info">The provider has not published contact details yet. Use the chat below.</Alert>;
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="contact-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="contact-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Contact us
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: 1, m: 0 }}>
        {phone && (
          <Row label="Phone">
            <Link href={telHref(phone)}>{phone}</Link>
          </Row>
        )}
        {email && (
          <Row label="Email">
            <Link href={`mailto:${email}`}>{email}</Link>
          </Row>
        )}
        {whatsapp && (
          <Row label="WhatsApp">
            <Link href={`https://wa.me/${whatsapp.replace(/\D/g, '')}`} target="_blank" rel="noopener noreferrer">
              +{whatsapp.replace(/\D/g, '')}
            </Link>
          </Row>
        )}
        {address && <Row label="Address">{address}</Row>}
        {hours && <Row label="Opening hours">{hours}</Row>}
      </Box>
    </Paper>
  );
}
