import { Fragment } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
} from '@agentdesk/contract/api/webhooks';
import type { TOrder } from '@agentdesk/contract/purchases/purchase';
import { VERIFY_WEBHOOK_SAMPLE } from '../../lib/webhook-samples';
import { CodeBlock } from '../code-block';
import { CodeSample } from '../code-sample';
import { Code, GuideSection } from '../guide-section';

/** `data` is the purchase exactly as GET /purchases/:requestId answers it: typed by the contract. */
const EXAMPLE_ORDER: TOrder = {
  requestId: 'order-1001',
  status: 'delivered',
  service: 'airtime',
  serviceId: 'mtn',
  productName: 'MTN Airtime VTU',
  recipient: '08011111111',
  quantity: 1,
  faceValue: '100.00',
  price: '97.00',
  message: 'Transaction successful',
  result: { token: null, units: null, customerName: null, customerAddress: null, cards: [], pin: null },
  transactionId: '0b7e3c52-4f0e-4a8e-9a57-3c1f5d2e8b61',
  refundTransactionId: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  settledAt: '2026-11-22T08:00:02.000Z',
};

const EXAMPLE_REQUEST = `POST /your/webhook/url HTTP/1.1
Content-Type: application/json
${WEBHOOK_EVENT_ID_HEADER}: evt_6f1d0c0a9b8e4d2c
${WEBHOOK_SIGNATURE_HEADER}: t=1795852802,v1=3f5c0e…(64 hex characters)

${JSON.stringify(
  {
    id: 'evt_6f1d0c0a9b8e4d2c',
    type: 'purchase.delivered',
    createdAt: '2026-11-22T08:00:02.000Z',
    data: EXAMPLE_ORDER,
  },
  null,
  2,
)}`;

export function WebhooksGuide() {
  return (
    <GuideSection id="webhooks" title="Webhooks">
      <p>
        Set a URL on{' '}
        <Link component={RouterLink} to="/developer/webhooks">
          Webhooks
        </Link>{' '}
        (HTTPS) and we POST every purchase that reaches a final state to it, so you need not poll. The signing secret (
        <Code>whsec_…</Code>) is shown once, when you create or rotate it.
      </p>
      <ul>
        <li>
          <strong>Events</strong> (<Code>type</Code>):{' '}
          {WEBHOOK_EVENT_TYPES.map((type, index) => (
            <Fragment key={type}>
              {index > 0 && ', '}
              <Code>{type}</Code>
            </Fragment>
          ))}
          . <Code>purchase.failed</Code> means the price is already back in your wallet; <Code>test</Code> is sent by
          the “Send test event” button.
        </li>
        <li>
          <strong>
            <Code>catalog.updated</Code>
          </strong>
          : your prices changed because the upstream’s did. Its <Code>data</Code> is{' '}
          <Code>
            {'{ "plans": [{ "serviceId", "code", "name", "faceValue", "price", "previousPrice", "forSale" }] }'}
          </Code>
          , the plans that changed for you; <Code>forSale: false</Code> means the plan is off sale until we decide. Read{' '}
          <Code>GET /api/v1/reseller/services</Code> for the whole list.
        </li>
        <li>
          <strong>Body</strong>: <Code>{'{ "id", "type", "createdAt", "data" }'}</Code>, where <Code>data</Code> is the
          purchase exactly as the status endpoint answers it. Its <Code>result</Code> holds what was delivered:{' '}
          <Code>token</Code> and <Code>units</Code> (electricity), <Code>cards</Code> (WAEC serials and PINs),{' '}
          <Code>pin</Code> (a JAMB PIN, for the profile ID in <Code>recipient</Code>).
        </li>
        <li>
          <strong>Headers</strong>: <Code>Content-Type: application/json</Code>, <Code>{WEBHOOK_EVENT_ID_HEADER}</Code>{' '}
          (the event’s <Code>id</Code>) and <Code>{`${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex>`}</Code>.
        </li>
        <li>
          <strong>Signature</strong>: <Code>v1</Code> is the hex HMAC-SHA256, keyed with your secret (the whole string),
          of <Code>t</Code>, a dot, and the raw body: <Code>{'HMAC_SHA256(secret, "<t>.<raw body>")'}</Code>. Compute it
          over the body exactly as received, before parsing JSON; compare in constant time; reject a <Code>t</Code> more
          than 5 minutes (300 s) from your clock, so a captured delivery cannot be replayed.
        </li>
        <li>
          <strong>Retries</strong>: any 2xx answer within 10 seconds means delivered. Anything else (or no answer) is
          retried with exponential backoff (from about 30 seconds up to an hour apart) for 24 hours; the delivery log on
          the Webhooks page shows each attempt. Answer first, then do slow work. A retry carries the same{' '}
          <Code>id</Code>: ignore an id you have already handled.
        </li>
      </ul>
      <CodeBlock code={EXAMPLE_REQUEST} label="A webhook delivery" copyLabel="Copy example" />
      <CodeSample title="Verify a webhook signature" sample={VERIFY_WEBHOOK_SAMPLE} />
    </GuideSection>
  );
}
