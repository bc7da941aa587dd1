import { CodeBlock } from '../code-block';
import { Code, GuideSection } from '../guide-section';

const RATE_LIMITED_EXAMPLE = `HTTP/1.1 429 Too Many Requests
Retry-After: 17

{ "message": "Too many attempts. Try again in 17 seconds.", "code": "RATE_LIMITED" }`;

export function RateLimitsGuide() {
  return (
    <GuideSection id="rate-limits" title="Rate limits">
      <ul>
        <li>
          Each API key may make 120 requests a minute (your provider can set another limit). Several keys do not share a
          budget.
        </li>
        <li>Meter and smartcard lookups cost an upstream call: at most 300 per 15 minutes for your account.</li>
        <li>
          Over a limit, the answer is <Code>429 RATE_LIMITED</Code> with a <Code>Retry-After</Code> header: the seconds
          to wait. Wait at least that long before the next call; a purchase you retry keeps its requestId.
        </li>
      </ul>
      <CodeBlock code={RATE_LIMITED_EXAMPLE} label="A rate-limited answer" copyLabel="Copy example" />
    </GuideSection>
  );
}
