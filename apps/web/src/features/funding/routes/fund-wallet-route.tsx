import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http/error-message';
import { formatNaira } from '../../../lib/money';
import { useWalletBalanceQuery } from '../../../lib/wallet/wallet-balance-api';
import { useKycQuery } from '../api/kyc';
import { useManualFundingQuery } from '../api/manual-funding';
import { FundingAccounts } from '../components/funding-accounts';
import { FundingHistory } from '../components/funding-history';
import { ReportTransferForm } from '../components/report-transfer-form';
import { FeeNotice, IdentityCheck } from '../components/self-funding';

/** How often the balance is read again while the agent has account numbers of their own. */
const OWN_ACCOUNT_POLL_MS = 15_000;

function Balance({ poll }: { poll: boolean }) {
  // A transfer to the agent's own account is credited by the gateway's webhook, not by anything
  // done on this page: while they have one, the balance is read again now and then.
  const { data, isError } = useWalletBalanceQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: poll ? OWN_ACCOUNT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} aria-live="polite">
      <Typography variant="body2" color="text.secondary">
        Wallet balance
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {data ? formatNaira(data.data.availableBalance) : isError ? 'Unavailable' : 'Loading…'}
      </Typography>
    </Paper>
  );
}

export function FundWalletRoute() {
  const funding = useManualFundingQuery(undefined, { refetchOnMountOrArgChange: true });
  // The identity check and the gateways' fees: absent when no gateway is configured.
  const kyc = useKycQuery(undefined, { refetchOnMountOrArgChange: true });
  const selfFunding = kyc.data && kyc.data.data.fees.length > 0 ? kyc.data.data : undefined;

  let main;
  if (funding.isLoading) {
    main = <Typography role="status">Loading bank details…</Typography>;
  } else if (funding.isError || !funding.data) {
    main = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void funding.refetch()}>
            Try again
          </Button>
        }
      >
        Could not load the bank details. {errorMessage(funding.error)}
      </Alert>
    );
  } else {
    const { accounts, virtualAccounts } = funding.data.data;
    main = (
      <Stack spacing={3}>
        {selfFunding && <IdentityCheck state={selfFunding} />}
        <FundingAccounts
          accounts={accounts}
          virtualAccounts={virtualAccounts}
          virtualNote={selfFunding && <FeeNotice fees={selfFunding.fees} />}
        />
        {accounts.length > 0 && <ReportTransferForm accounts={accounts} />}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Fund Wallet"
        subtitle="Transfer to your own account numbers, or to the provider and report it"
      />
      <Box sx={{ maxWidth: 880 }}>
        <Balance poll={(funding.data?.data.virtualAccounts.length ?? 0) > 0} />
        {main}
        <Box sx={{ mt: 4 }}>
          <FundingHistory />
        </Box>
      </Box>
    </>
  );
}
