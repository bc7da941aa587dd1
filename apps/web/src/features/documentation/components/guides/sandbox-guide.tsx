import { Code, GuideSection } from '../guide-section';
import { SimpleTable } from '../simple-table';

/** The built-in sandbox's test values (README.md, "The upstream sandbox"). */
const SANDBOX_VALUES: { value: string; effect: string }[] = [
  { value: 'phone 08011111111', effect: 'delivered' },
  { value: '201000000000 or phone 08012010000', effect: 'pending, then delivered when the server checks it again' },
  {
    value: '500000000000 or phone 08015000000',
    effect: 'an unexpected upstream answer (HTML 502): pending, then delivered when checked again',
  },
  {
    value: '400000000000 or phone 08014000000',
    effect: 'no upstream answer (connection dropped): pending, then delivered when checked again',
  },
  {
    value: '300000000000 or phone 08013000000',
    effect: 'no upstream answer before the timeout: pending, then delivered when checked again',
  },
  { value: 'phone 08000000000', effect: 'failed (and refunded)' },
  { value: 'meters 1111111111111 (prepaid), 1010101010101 (postpaid)', effect: 'verified' },
  { value: 'smartcard 1212121212', effect: 'verified' },
  { value: 'JAMB profile ID 0123456789', effect: 'verified (the candidate is named)' },
  { value: 'meters, smartcards and JAMB profile IDs starting 999', effect: 'not found' },
];

export function SandboxGuide() {
  return (
    <GuideSection id="sandbox" title="Sandbox">
      <p>
        A fresh installation (<Code>npm start</Code> with no <Code>UPSTREAM_BASE_URL</Code>) sells through a built-in
        sandbox that speaks the real upstream’s protocol: your wallet is debited and credited exactly as in production,
        but no airtime, data, token or PIN is really sent. Build and test your integration against it, then ask your
        provider whether this server is live before you sell.
      </p>
      <p>
        Any other number is delivered (unless the provider runs the sandbox with <Code>SANDBOX_STRICT=1</Code>, when
        unknown numbers fail). Use these to see every outcome, including the pending ones your code must handle (the
        server checks pending purchases again every few seconds, and a webhook tells you when one settles):
      </p>
      <SimpleTable
        label="Sandbox test values"
        head={['Number', 'What happens']}
        rows={SANDBOX_VALUES.map(({ value, effect }) => ({ key: value, cells: [value, effect] }))}
      />
    </GuideSection>
  );
}
