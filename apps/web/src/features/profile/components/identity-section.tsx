import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useKycQuery } from '../../funding/api/kyc';

/**
 * The Profile's "Identity check" (decision 046): its state, the id masked, and the way to the
 * form on Fund Wallet, where the accounts it opens are shown. Absent with no payment gateway.
 */
export function IdentitySection() {
  const { data } = useKycQuery(undefined, { refetchOnMountOrArgChange: true });
  const kyc = data?.data;
  if (!kyc || kyc.fees.length === 0) return null;
  const id = kyc.idType === 'nin' ? 'NIN' : 'BVN';
  return (
    <Box component="section" aria-labelledby="identity-title" sx={{ mt: 4 }}>
      <Typography id="identity-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Identity check
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {kyc.status === 'verified'
          ? `Verified with your ${id} ${kyc.maskedId}. Your own account numbers are on Fund Wallet.`
          : kyc.status === 'pending'
            ? 'Your BVN and bank account are being checked with Paystack; your account numbers will be on Fund Wallet.'
            : kyc.status === 'failed'
              ? `Your last check did not go through: ${kyc.failureMessage ?? 'please try again'}`
              : 'Complete your identity check (BVN or NIN) to get your own account numbers: transfers to them fund your wallet automatically.'}
      </Typography>
      <Button component={RouterLink} to="/wallet/fund" variant="outlined">
        {kyc.status === 'verified' ? 'See my account numbers' : 'Complete my identity check'}
      </Button>
    </Box>
  );
}
