import Button from '@mui/material/Button';
import Refresh from '@mui/icons-material/Refresh';
import { errorMessage } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { useRecheckPurchaseMutation } from '../api/recheck-purchase';

/**
 * "Re-check status" on a pending purchase (issue 23): the provider is asked now, and the
 * answer said in words. Limited on the server (3 per purchase in 5 minutes).
 */
export function RecheckButton({ requestId, size }: { requestId: string; size?: 'small' | 'medium' }) {
  const [recheck, { isLoading }] = useRecheckPurchaseMutation();
  async function run() {
    try {
      const answer = await recheck(requestId).unwrap();
      if (answer.data.status === 'pending') toast.info(answer.message);
      else if (answer.data.status === 'delivered') toast.success(answer.message);
      else toast.error(answer.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return (
    <Button
      variant="outlined"
      size={size}
      startIcon={<Refresh aria-hidden="true" />}
      loading={isLoading}
      onClick={() => void run()}
    >
      Re-check status
    </Button>
  );
}
