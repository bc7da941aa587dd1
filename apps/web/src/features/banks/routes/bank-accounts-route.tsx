import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import AccountBalance from '@mui/icons-material/AccountBalance';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { MAX_BANK_ACCOUNTS, type TBankAccount } from '@agentdesk/contract/banks/bank-fields';
import { CopyButton } from '../../../components/copy-button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http/error-message';
import { useListBankAccountsQuery } from '../api/banks';
import { AddBankAccountDialog } from '../components/add-bank-account-dialog';
import { DeleteBankAccountDialog } from '../components/delete-bank-account-dialog';

export function BankAccountsRoute() {
  const accounts = useListBankAccountsQuery();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TBankAccount | null>(null);
  const rows = accounts.data?.data ?? [];
  const full = rows.length >= MAX_BANK_ACCOUNTS;

  let body;
  if (accounts.isLoading) {
    body = <Typography role="status">Loading your bank accounts…</Typography>;
  } else if (accounts.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void accounts.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load your bank accounts. {errorMessage(accounts.error)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState icon={<AccountBalance fontSize="large" />} title="No bank accounts yet">
        Add the account your payouts and refunds should go to.
      </EmptyState>
    );
  } else {
    body = (
      <Paper variant="outlined">
        <List disablePadding aria-label="Bank accounts">
          {rows.map((account) => (
            <ListItem
              key={account.id}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${account.bankName} ${account.accountNumber}`}
                  onClick={() => setRemoving(account)}
                >
                  <DeleteOutlined />
                </IconButton>
              }
            >
              <ListItemText
                primary={account.accountName}
                secondary={
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
                  >
                    {account.bankName} · {account.accountNumber}
                    <CopyButton value={account.accountNumber} label={`Copy ${account.bankName} account number`} />
                  </Box>
                }
                slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
    );
  }

  return (
    <>
      <PageHeader
        title="Bank Accounts"
        subtitle={`Where your payouts and refunds go (at most ${MAX_BANK_ACCOUNTS})`}
        action={
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setAdding(true)}
            disabled={full || !accounts.data}
          >
            Add bank account
          </Button>
        }
      />
      <Box sx={{ maxWidth: 720 }}>
        {full && (
          <Alert severity="info" sx={{ mb: 2 }}>
            You have {MAX_BANK_ACCOUNTS} accounts, the most you can keep. Remove one to add another.
          </Alert>
        )}
        {body}
      </Box>
      {adding && <AddBankAccountDialog onClose={() => setAdding(false)} />}
      {removing && <DeleteBankAccountDialog account={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}
