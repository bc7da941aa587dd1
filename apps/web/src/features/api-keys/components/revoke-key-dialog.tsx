import { toast } from '../../../lib/toast';
import type { TApiKey } from '@agentdesk/contract/api/api-keys';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRevokeApiKeyMutation } from '../api/api-key-mutations';

export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: TApiKey; onClose: () => void }) {
  const [revokeApiKey] = useRevokeApiKeyMutation();
  return (
    <ConfirmDialog
      idPrefix="revoke-key"
      title="Revoke API key?"
      confirmLabel="Revoke"
      onConfirm={async () => {
        const answer = await revokeApiKey(apiKey.id).unwrap();
        toast.success(answer.message);
        onClose();
      }}
      onClose={onClose}
    >
      {apiKey.name} ({apiKey.prefix}…) stops working at once: every app or site using it will be refused. This cannot be
      undone.
    </ConfirmDialog>
  );
}
