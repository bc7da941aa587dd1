import { buyAirtimeSample, purchaseStatusSample } from '../../lib/api-samples';
import { CodeBlock } from '../code-block';
import { CodeSample } from '../code-sample';
import { Code, GuideSection } from '../guide-section';

const CONFLICT_EXAMPLE = `HTTP/1.1 409 Conflict
Content-Type: application/json

{
  "message": "This requestId was already used for a different purchase",
  "code": "CONFLICT",
  "errors": [
    { "path": "requestId", "message": "This requestId was already used for a different purchase" }
  ]
}`;

export function IdempotencyGuide({ baseUrl }: { baseUrl: string }) {
  return (
    <GuideSection id="idempotency" title="Idempotency: requestId">
      <p>
        Every purchase carries a <Code>requestId</Code> that you choose: 8 to 64 letters, digits, <Code>-</Code> or{' '}
        <Code>_</Code>, unique among your purchases (your order number works well). Save it with your order{' '}
        <em>before</em> you send the request.
      </p>
      <ul>
        <li>
          <strong>The same requestId is the same purchase</strong>, never charged twice. The first request answers{' '}
          <Code>201</Code>; sending it again answers <Code>200</Code> (“This purchase was already made”) with the
          purchase as it stands now. Two requests racing with one requestId make one purchase.
        </li>
        <li>A requestId is yours across the API and the dashboard: the same id used in both places is one purchase.</li>
        <li>
          The same requestId with a <strong>different</strong> body (another number, amount or plan) is refused with{' '}
          <Code>409 CONFLICT</Code> and nothing is charged. The body is compared after it is read, so <Code>"100"</Code>{' '}
          and <Code>"100.00"</Code>, or <Code>0801…</Code> and <Code>+234801…</Code>, are the same.
        </li>
        <li>
          No answer (a timeout, a dropped connection)? Send the same request again with the same requestId, or ask for
          its status: a <Code>404</Code> means it was never made and is safe to send again.
        </li>
        <li>
          A purchase answered <Code>pending</Code> is settled later: check its status, or let a webhook tell you. A{' '}
          <Code>failed</Code> purchase is refunded to your wallet automatically; buy again with a new requestId.
        </li>
      </ul>
      <CodeSample title="Buy airtime" sample={buyAirtimeSample(baseUrl)} />
      <CodeSample title="Check a purchase’s status" sample={purchaseStatusSample(baseUrl)} />
      <p>A conflict looks like this:</p>
      <CodeBlock code={CONFLICT_EXAMPLE} label="A requestId conflict" copyLabel="Copy example" />
    </GuideSection>
  );
}
