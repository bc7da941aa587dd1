// Verify an AgentDesk webhook (Node.js 18+, ES module, no dependencies).
// Pass the raw request body exactly as received (string or Buffer), before any JSON parsing.
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 300; // reject deliveries signed more than 5 minutes ago (replays)

export function verifyWebhook(rawBody, signatureHeader, secret, nowSeconds = Math.floor(Date.now() / 1000)) {
  if (typeof signatureHeader !== 'string') return false;
  let timestamp = null;
  const signatures = [];
  for (const part of signatureHeader.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1' && value) signatures.push(value.toLowerCase());
  }
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;

  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  // timingSafeEqual: a byte-by-byte compare would leak how much of a forged signature is right.
  return signatures.some(
    (signature) => /^[0-9a-f]{64}$/.test(signature) && timingSafeEqual(Buffer.from(signature, 'hex'), expected),
  );
}

// Example with Express: keep the body raw for this route.
//   app.post('/agentdesk/webhook', express.raw({ type: 'application/json' }), (req, res) => {
//     if (!verifyWebhook(req.body, req.get('X-AgentDesk-Signature'), process.env.AGENTDESK_WEBHOOK_SECRET)) {
//       return res.sendStatus(400);
//     }
//     const event = JSON.parse(req.body.toString('utf8'));
//     // event.type: 'purchase.delivered' | 'purchase.failed' | 'test'; dedupe on event.id.
//     res.sendStatus(200);
//   });
