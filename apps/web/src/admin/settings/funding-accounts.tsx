import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatNaira } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useDisableFundingAccountMutation, type TAdminFundingAccount } from '../api/settings';
import { AddFundingAccountDialog } from './add-funding-account-dialog';

function chargeText(account: TAdminFundingAccount): string {
  const flat = Number(account.charge.flat) > 0 ? formatNaira(account.charge.flat) : null;
  const percent = Number(account.charge.percent) > 0 ? `${Number(account.charge.percent)} %` : null;
  if (flat && percent) return `${flat} + ${percent}`;
  return flat ?? percent ?? 'No charge';
}

/** The provider's bank accounts agents transfer to: those offered, then the disabled ones. */
export function FundingAccounts({
  accounts,
  mayAdd,
  mayDisable,
}: {
  accounts: TAdminFundingAccount[];
  mayAdd: boolean;
  mayDisable: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState<TAdminFundingAccount | null>(null);
  const [disable] = useDisableFundingAccountMutation();

  return (
    <>
      {accounts.length === 0 ? (
        <Typography color="text.secondary">
          No bank account yet: agents cannot fund their wallet by transfer until one is added.
        </Typography>
      ) : (
        <Stack component="ul" aria-label="Funding accounts" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {accounts.map((account) => (
            <li key={account.id}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {account.bankName} {account.accountNumber}
                    </Typography>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {account.accountName}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      Charge: {chargeText(account)} · Minimum {formatNaira(account.minimum)}
                    </Typography>
                    {account.instructions && (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {account.instructions}
                      </Typography>
                    )}
                  </Box>
                  <Chip
                    size="small"
                    label={account.active ? 'Offered' : 'Disabled'}
                    color={account.active ? 'success' : 'default'}
                    variant="outlined"
                  />
                </Stack>
                {mayDisable && account.active && (
                  <Button size="small" color="error" sx={{ mt: 1 }} onClick={() => setDisabling(account)}>
                    Disable {account.bankName} {account.accountNumber}
                  </Button>
                )}
              </Paper>
            </li>
          ))}
        </Stack>
      )}
      {mayAdd && (
        <Button variant="outlined" startIcon={<Add />} sx={{ mt: 2 }} onClick={() => setAdding(true)}>
          Add a bank account
        </Button>
      )}
      {adding && <AddFundingAccountDialog onClose={() => setAdding(false)} />}
      {disabling && (
        <ConfirmDialog
          idPrefix="disable-account"
          title="Disable this account?"
          confirmLabel="Disable"
          onClose={() => setDisabling(null)}
          onConfirm={async () => {
            await disable(disabling.id).unwrap();
            toast.success(`${disabling.bankName} ${disabling.accountNumber} is no longer offered to agents`);
            setDisabling(null);
          }}
        >
          Agents will no longer see {disabling.bankName} {disabling.accountNumber} ({disabling.accountName}) on their
          Fund Wallet page. Transfers already reported to it stay in the queue.
        </ConfirmDialog>
      )}
    </>
  );
}
