import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFundingAccount, TVirtualAccount } from '@agentdesk/contract/funding/funding-account';
import { CopyButton } from '../../../components/copy-button';
import { formatNaira } from '../../../lib/money';

/** "₦50.00 + 1.5%", "1.5%", "₦50.00" or "No charge". */
export function chargeText(charge: TFundingAccount['charge']): string {
  const flat = Number(charge.flat) > 0 ? formatNaira(charge.flat) : '';
  const percent = Number(charge.percent) > 0 ? `${Number(charge.percent)}%` : '';
  return [flat, percent].filter(Boolean).join(' + ') || 'No charge';
}

function AccountNumber({ bankName, accountNumber }: { bankName: string; accountNumber: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Typography variant="h6" component="p" sx={{ fontFamily: 'monospace', letterSpacing: 1 }}>
        {accountNumber}
      </Typography>
      <CopyButton value={accountNumber} label={`Copy ${bankName} account number`} />
    </Stack>
  );
}

export function FundingAccounts({
  accounts,
  virtualAccounts,
  virtualNote,
}: {
  accounts: TFundingAccount[];
  virtualAccounts: TVirtualAccount[];
  /** Under the agent's own accounts: the fee taken from transfers into them. */
  virtualNote?: ReactNode;
}) {
  return (
    <Stack spacing={2}>
      {virtualAccounts.length > 0 && (
        <section aria-labelledby="virtual-accounts-title">
          <Typography id="virtual-accounts-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            Your own account numbers
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Transfers to these accounts reach your wallet automatically; there is nothing to report.
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {virtualAccounts.map((account) => (
              <Paper key={`${account.provider}-${account.accountNumber}`} variant="outlined" sx={{ p: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {account.bankName}
                </Typography>
                <AccountNumber bankName={account.bankName} accountNumber={account.accountNumber} />
                <Typography variant="body2">{account.accountName}</Typography>
              </Paper>
            ))}
          </Box>
          {virtualNote && <Stack sx={{ mt: 1 }}>{virtualNote}</Stack>}
        </section>
      )}
      <section aria-labelledby="provider-accounts-title">
        <Typography id="provider-accounts-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Transfer to
        </Typography>
        {accounts.length === 0 ? (
          <Alert severity="info">No bank account is open for transfers right now. Please contact support.</Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {accounts.map((account) => (
              <Paper key={account.id} variant="outlined" sx={{ p: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {account.bankName}
                </Typography>
                <AccountNumber bankName={account.bankName} accountNumber={account.accountNumber} />
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {account.accountName}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  Charge: {chargeText(account.charge)} · Minimum: {formatNaira(account.minimum)}
                </Typography>
                {account.instructions && (
                  <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
                    {account.instructions}
                  </Typography>
                )}
              </Paper>
            ))}
          </Box>
        )}
      </section>
    </Stack>
  );
}
