import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Add from '@mui/icons-material/Add';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  MAX_SAVED_CUSTOMERS,
  type SavedCustomerKind,
  type TSavedCustomer,
} from '@agentdesk/contract/saved-customers/saved-customer-fields';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { TextInput } from '../../../components/text-input';
import { toast } from '../../../lib/toast';
import { useDeleteSavedCustomerMutation } from '../api/saved-customers';
import { customerDetails, KIND_WORDS } from '../components/customer-words';
import { CustomerList } from '../components/customer-list';
import { RenameCustomerDialog } from '../components/rename-customer-dialog';
import { SaveCustomerDialog } from '../components/save-customer-dialog';
import { useDiscoNames } from '../components/use-disco-names';

type Acting = { kind: 'add' } | { kind: 'rename' | 'remove'; customer: TSavedCustomer } | null;

/** The agent's saved customers: search them, add one, rename or forget one. */
export function SavedCustomersRoute() {
  const [kind, setKind] = useState<SavedCustomerKind | ''>('');
  const [q, setQ] = useState('');
  const [acting, setActing] = useState<Acting>(null);
  const [remove] = useDeleteSavedCustomerMutation();
  const discos = useDiscoNames();

  return (
    <>
      <PageHeader
        title="Saved Customers"
        subtitle={`The phones, meters and smartcards you sell to, a tap away on every purchase (at most ${MAX_SAVED_CUSTOMERS})`}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setActing({ kind: 'add' })}>
            Add customer
          </Button>
        }
      />
      <Box sx={{ maxWidth: 720 }}>
        <TextInput
          label="Search by name or number"
          name="customer-search"
          type="search"
          autoComplete="off"
          value={q}
          maxLength={60}
          onChange={(event) => setQ(event.target.value)}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Show"
          value={kind}
          onChange={(_, value: SavedCustomerKind | '' | null) => {
            if (value !== null) setKind(value);
          }}
          sx={{
            my: 1.5,
            flexWrap: 'wrap',
            bgcolor: 'background.paper',
            // MUI's unselected grey is below 4.5:1 on the page: the text's own colour instead.
            '& .MuiToggleButton-root': { color: 'text.primary' },
            '& .MuiToggleButton-root.Mui-selected': { color: 'primary.dark', bgcolor: 'primary.light' },
          }}
        >
          <ToggleButton value="">All</ToggleButton>
          <ToggleButton value="phone">Phones</ToggleButton>
          <ToggleButton value="meter">Meters</ToggleButton>
          <ToggleButton value="smartcard">Smartcards</ToggleButton>
        </ToggleButtonGroup>
        <Paper variant="outlined">
          <CustomerList
            filter={{ kind, q }}
            label="Saved customers"
            empty={
              <EmptyState icon={<ContactsOutlined fontSize="large" />} title="No saved customers yet">
                Add one here, or choose “Save customer” after a purchase.
              </EmptyState>
            }
            row={(customer) => (
              <ListItem
                key={customer.id}
                divider
                secondaryAction={
                  <>
                    <IconButton
                      aria-label={`Rename ${customer.name}`}
                      onClick={() => setActing({ kind: 'rename', customer })}
                    >
                      <EditOutlined />
                    </IconButton>
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${customer.name}`}
                      onClick={() => setActing({ kind: 'remove', customer })}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={customer.name}
                  secondary={`${KIND_WORDS[customer.kind]} ${customerDetails(customer, discos)}`}
                  slotProps={{
                    primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                    secondary: { sx: { overflowWrap: 'anywhere' } },
                  }}
                />
              </ListItem>
            )}
          />
        </Paper>
      </Box>
      {acting?.kind === 'add' && <SaveCustomerDialog onClose={() => setActing(null)} />}
      {acting?.kind === 'rename' && <RenameCustomerDialog customer={acting.customer} onClose={() => setActing(null)} />}
      {acting?.kind === 'remove' && (
        <ConfirmDialog
          idPrefix="remove-customer"
          title={`Remove ${acting.customer.name}?`}
          confirmLabel="Remove"
          onConfirm={async () => {
            const answer = await remove(acting.customer.id).unwrap();
            toast.success(answer.message);
            setActing(null);
          }}
          onClose={() => setActing(null)}
        >
          {KIND_WORDS[acting.customer.kind]} {acting.customer.number} leaves your saved customers. Your past purchases
          stay as they are.
        </ConfirmDialog>
      )}
    </>
  );
}
