import verifyJs from '../samples/verify-webhook.js?raw';
import verifyPhp from '../samples/verify-webhook.php?raw';
import verifyPy from '../samples/verify-webhook.py?raw';
import type { Sample } from './languages';

/**
 * Verifying a webhook signature. The JavaScript, PHP and Python samples are the tested files
 * in `../samples`, imported verbatim; the shell one is for checking a delivery by hand.
 */
export const VERIFY_WEBHOOK_SAMPLE: Sample = {
  curl: `# Check a delivery by hand (debugging only: no constant-time compare, no age check).
# body.json: the raw body exactly as received; HEADER: the X-AgentDesk-Signature value.
HEADER='t=1790000000,v1=5d41...'
t=\${HEADER#t=}; t=\${t%%,*}
v1=\${HEADER##*v1=}
expected=$({ printf '%s.' "$t"; cat body.json; } \\
  | openssl dgst -sha256 -hmac "$AGENTDESK_WEBHOOK_SECRET" -hex | sed 's/^.* //')
[ "$expected" = "$v1" ] && echo "valid signature" || echo "INVALID signature"`,
  javascript: verifyJs,
  php: verifyPhp,
  python: verifyPy,
};
