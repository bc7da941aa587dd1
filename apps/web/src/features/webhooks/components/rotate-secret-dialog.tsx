import { ConfirmDialog } from '../../../components/confirm-dialog';

export function RotateSecretDialog({
  prefix,
  onConfirm,
  onClose,
}: {
  prefix: string | null;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      idPrefix="rotate-secret"
      title="Rotate signing secret?"
      confirmLabel="Rotate"
      color="warning"
      width={420}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {prefix ? `The current secret (${prefix}…)` : 'The current secret'} stops verifying at once: events from now on,
      and retries still waiting, are signed with the new one. Update your receiver right after.
    </ConfirmDialog>
  );
}
