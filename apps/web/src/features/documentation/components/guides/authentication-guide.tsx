import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { API_KEY_PREFIX_LENGTH, MAX_ACTIVE_API_KEYS } from '@agentdesk/contract/api/api-keys';
import { MAX_ALLOWED_IPS } from '@agentdesk/contract/api/ip-rule';
import { getBalanceSample } from '../../lib/api-samples';
import { CodeSample } from '../code-sample';
import { Code, GuideSection } from '../guide-section';

export function AuthenticationGuide({ baseUrl }: { baseUrl: string }) {
  return (
    <GuideSection id="authentication" title="Authentication">
      <p>
        Every call to the reseller API (<Code>{baseUrl}/api/v1/reseller/…</Code>) carries one of your API keys in the
        header <Code>Authorization: Bearer adk_…</Code>. Generate keys on{' '}
        <Link component={RouterLink} to="/developer/api-keys">
          API Keys
        </Link>
        ; you can have {MAX_ACTIVE_API_KEYS} active at once.
      </p>
      <ul>
        <li>
          <strong>The key is shown once</strong>, when you generate it: copy it into your server’s configuration (an
          environment variable, not your source code). We keep only a keyed hash, so nobody can show it again; the list
          shows its first {API_KEY_PREFIX_LENGTH} characters to tell keys apart. Lost it? Generate a new one and revoke
          the old one.
        </li>
        <li>
          <strong>IP allow-list</strong>: give a key up to {MAX_ALLOWED_IPS} addresses or ranges (
          <Code>203.0.113.7</Code>, <Code>203.0.113.0/24</Code>, IPv6 too). A call from anywhere else is refused with{' '}
          <Code>403 FORBIDDEN</Code> naming the address. An empty list allows any address.
        </li>
        <li>
          <strong>Revoking</strong> a key stops it at once: its next call is <Code>401 UNAUTHENTICATED</Code> (“This API
          key has been revoked”). To rotate, generate a new key, deploy it, then revoke the old one.
        </li>
        <li>
          Keys work only on <Code>/api/v1/reseller/</Code>; the dashboard’s own endpoints refuse them. Call the API from
          your server, never from a browser or a mobile app, where anyone could read the key.
        </li>
      </ul>
      <CodeSample title="Get your wallet balance" sample={getBalanceSample(baseUrl)} />
    </GuideSection>
  );
}
