import { SecretOnceDialog } from '../../../components/secret-once-dialog';

/** The one time a signing secret is shown (after the first save or a rotation). */
export function SecretDialog({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose: () => void }) {
  return (
    <SecretOnceDialog
      idPrefix="webhook-secret"
      title={rotated ? 'Your new signing secret' : 'Your signing secret'}
      warning={
        <>
          Copy this secret now and put it in your receiver&apos;s settings. <strong>You will not see it again</strong>:
          if you lose it, rotate it to get another.
          {rotated && ' The old secret no longer verifies.'}
        </>
      }
      label="Signing secret"
      secret={secret}
      copyLabel="Copy signing secret"
      testId="webhook-secret"
      footer={
        <>
          Each event carries <code>X-AgentDesk-Signature: t=…,v1=…</code>: the HMAC-SHA256 of <code>t.body</code> under
          this secret.
        </>
      }
      onClose={onClose}
    />
  );
}
