import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import type { SavedCustomerKind, TSavedCustomer } from '@agentdesk/contract/saved-customers/saved-customer-fields';
import { TextInput } from '../../../components/text-input';
import { customerDetails } from './customer-words';
import { CustomerList } from './customer-list';
import { useDiscoNames } from './use-disco-names';

const TITLES: Record<SavedCustomerKind, string> = {
  phone: 'Choose a saved number',
  meter: 'Choose a saved meter',
  smartcard: 'Choose a saved smartcard',
};

/**
 * "Saved customers" beside a purchase's number field: a searchable list of the agent's customers
 * of that kind; choosing one fills the form (the screen verifies a meter or smartcard again).
 */
export function SavedCustomerPicker({
  kind,
  onPick,
}: {
  kind: SavedCustomerKind;
  onPick: (customer: TSavedCustomer) => void;
}) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const discos = useDiscoNames(!open || kind !== 'meter');

  return (
    <>
      <Button
        size="small"
        startIcon={<ContactsOutlined />}
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        Saved customers
      </Button>
      {open && (
        <Dialog
          open
          onClose={() => setOpen(false)}
          aria-labelledby="pick-customer-title"
          slotProps={{ paper: { sx: { width: 440, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
        >
          <DialogTitle id="pick-customer-title">{TITLES[kind]}</DialogTitle>
          <DialogContent>
            <TextInput
              label="Search by name or number"
              name="customer-search"
              type="search"
              autoComplete="off"
              autoFocus
              value={q}
              maxLength={60}
              onChange={(event) => setQ(event.target.value)}
            />
            <CustomerList
              filter={{ kind, q }}
              label="Saved customers"
              empty={
                <Typography role="status" sx={{ mt: 1 }}>
                  No saved customers yet. After a purchase, choose “Save customer” to keep them here.
                </Typography>
              }
              row={(customer) => (
                <ListItem key={customer.id} disablePadding divider>
                  <ListItemButton
                    onClick={() => {
                      setOpen(false);
                      onPick(customer);
                    }}
                  >
                    <ListItemText
                      primary={customer.name}
                      secondary={customerDetails(customer, discos)}
                      slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              )}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setOpen(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
