import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import Search from '@mui/icons-material/Search';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

export function TransactionsRoute() {
  return (
    <>
      <PageHeader title="Transactions" subtitle="Every wallet movement, newest first" />
      <TextField
        label="Search transactions"
        type="search"
        size="small"
        disabled
        helperText="Search opens with the transaction history."
        sx={{ mb: 3, width: '100%', maxWidth: 420 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />
      <EmptyState icon={<ReceiptLong fontSize="large" />} title="No transactions yet">
        Purchases, fundings, refunds and commissions will be listed here once wallet funding and purchases open.
      </EmptyState>
    </>
  );
}
