import type { TNewApiKey } from '@agentdesk/contract/api/api-keys';
import { SecretOnceDialog } from '../../../components/secret-once-dialog';

/** The one time a key's secret is shown (the server keeps a keyed hash, never the key). */
export function NewKeyDialog({ apiKey, onClose }: { apiKey: TNewApiKey; onClose: () => void }) {
  return (
    <SecretOnceDialog
      idPrefix="new-key"
      title="Your new API key"
      warning={
        <>
          Copy this key now and keep it somewhere safe. <strong>You will not see it again</strong>: if you lose it,
          revoke it and generate another.
        </>
      }
      label={apiKey.name}
      secret={apiKey.secret}
      copyLabel="Copy API key"
      testId="new-api-key"
      footer={
        <>
          Send it with every call to the reseller API as <code>Authorization: Bearer {apiKey.prefix}…</code>
        </>
      }
      onClose={onClose}
    />
  );
}
