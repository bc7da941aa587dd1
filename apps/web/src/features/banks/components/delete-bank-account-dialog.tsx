import { toast } from '../../../lib/toast';
import type { TBankAccount } from '@agentdesk/contract/banks/bank-fields';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteBankAccountMutation } from '../api/banks';

export function DeleteBankAccountDialog({ account, onClose }: { account: TBankAccount; onClose: () => void }) {
  const [deleteBankAccount] = useDeleteBankAccountMutation();
  return (
    <ConfirmDialog
      idPrefix="delete-bank"
      title="Remove bank account?"
      confirmLabel="Remove"
      onConfirm={async () => {
        const answer = await deleteBankAccount(account.id).unwrap();
        toast.success(answer.message);
        onClose();
      }}
      onClose={onClose}
    >
      {account.bankName} {account.accountNumber} ({account.accountName}) will no longer receive your payouts and
      refunds.
    </ConfirmDialog>
  );
}
