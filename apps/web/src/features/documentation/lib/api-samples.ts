import { resellerBalance } from '@agentdesk/contract/reseller/reseller-balance';
import { resellerCreatePurchase, resellerGetPurchase } from '@agentdesk/contract/reseller/reseller-purchases';
import type { Sample } from './languages';

/** The values the samples use: a sandbox test number (delivered) and a readable requestId. */
export const SAMPLE_PURCHASE = {
  service: 'airtime',
  requestId: 'order-1001',
  network: 'mtn',
  phone: '08011111111',
  amount: '100.00',
} as const;

/** Where the key comes from in every sample: an environment variable, never the source code. */
const KEY_VARIABLE = 'AGENTDESK_API_KEY';

function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`);
}

/**
 * `GET /api/v1/reseller/balance` in every language. The paths come from the contract, so a
 * renamed endpoint changes the samples too.
 *
 * @example getBalanceSample('https://agents.example.com').curl
 */
export function getBalanceSample(baseUrl: string): Sample {
  const url = `${baseUrl}${resellerBalance.path}`;
  return {
    curl: `curl -s "${url}" \\
  -H "Authorization: Bearer $${KEY_VARIABLE}"`,
    javascript: `// Node.js 18+ (fetch is built in); run as an ES module.
const response = await fetch('${url}', {
  headers: { Authorization: \`Bearer \${process.env.${KEY_VARIABLE}}\` },
});
const body = await response.json();
if (!response.ok) throw new Error(\`\${response.status} \${body.code}: \${body.message}\`);
console.log(body.data.availableBalance); // "15000.00" (naira)`,
    php: `<?php
$ch = curl_init('${url}');
curl_setopt_array($ch, [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => ['Authorization: Bearer ' . getenv('${KEY_VARIABLE}')],
]);
$body = json_decode(curl_exec($ch), true);
$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
if ($status !== 200) {
    throw new RuntimeException("$status {$body['code']}: {$body['message']}");
}
echo $body['data']['availableBalance'], PHP_EOL; // "15000.00" (naira)`,
    python: `import os
import requests  # pip install requests

response = requests.get(
    "${url}",
    headers={"Authorization": f"Bearer {os.environ['${KEY_VARIABLE}']}"},
    timeout=30,
)
body = response.json()
if not response.ok:
    raise RuntimeError(f"{response.status_code} {body['code']}: {body['message']}")
print(body["data"]["availableBalance"])  # "15000.00" (naira)`,
  };
}

/** `POST /api/v1/reseller/purchases` for airtime, with the requestId that makes a retry safe. */
export function buyAirtimeSample(baseUrl: string): Sample {
  const url = `${baseUrl}${resellerCreatePurchase.path}`;
  const p = SAMPLE_PURCHASE;
  const json = JSON.stringify(p);
  return {
    curl: `# Keep the requestId: sending the same one again never charges twice.
curl -s -X POST "${url}" \\
  -H "Authorization: Bearer $${KEY_VARIABLE}" \\
  -H "Content-Type: application/json" \\
  -d '${json}'`,
    javascript: `// Store requestId with your order before sending: a retry with it is the same purchase.
const requestId = '${p.requestId}';
const response = await fetch('${url}', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.${KEY_VARIABLE}}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    service: '${p.service}',
    requestId,
    network: '${p.network}',
    phone: '${p.phone}',
    amount: '${p.amount}',
  }),
});
const body = await response.json();
// 201: a new purchase; 200: this requestId was already used for the same purchase.
if (!response.ok) throw new Error(\`\${response.status} \${body.code}: \${body.message}\`);
console.log(body.data.status); // "delivered", "pending" or "failed"`,
    php: `<?php
// Store requestId with your order before sending: a retry with it is the same purchase.
$requestId = '${p.requestId}';
$ch = curl_init('${url}');
curl_setopt_array($ch, [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_POST => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Bearer ' . getenv('${KEY_VARIABLE}'),
        'Content-Type: application/json',
    ],
    CURLOPT_POSTFIELDS => json_encode([
        'service' => '${p.service}',
        'requestId' => $requestId,
        'network' => '${p.network}',
        'phone' => '${p.phone}',
        'amount' => '${p.amount}',
    ]),
]);
$body = json_decode(curl_exec($ch), true);
$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
// 201: a new purchase; 200: this requestId was already used for the same purchase.
if ($status !== 200 && $status !== 201) {
    throw new RuntimeException("$status {$body['code']}: {$body['message']}");
}
echo $body['data']['status'], PHP_EOL; // delivered, pending or failed`,
    python: `import os
import requests  # pip install requests

# Store request_id with your order before sending: a retry with it is the same purchase.
request_id = "${p.requestId}"
response = requests.post(
    "${url}",
    headers={"Authorization": f"Bearer {os.environ['${KEY_VARIABLE}']}"},
    json={
        "service": "${p.service}",
        "requestId": request_id,
        "network": "${p.network}",
        "phone": "${p.phone}",
        "amount": "${p.amount}",
    },
    timeout=60,
)
body = response.json()
# 201: a new purchase; 200: this requestId was already used for the same purchase.
if not response.ok:
    raise RuntimeError(f"{response.status_code} {body['code']}: {body['message']}")
print(body["data"]["status"])  # delivered, pending or failed`,
  };
}

/** `GET /api/v1/reseller/purchases/:requestId`: the state of a purchase, for one still pending. */
export function purchaseStatusSample(baseUrl: string): Sample {
  const url = `${baseUrl}${pathOf(resellerGetPurchase.path, { requestId: SAMPLE_PURCHASE.requestId })}`;
  return {
    curl: `curl -s "${url}" \\
  -H "Authorization: Bearer $${KEY_VARIABLE}"`,
    javascript: `const response = await fetch('${url}', {
  headers: { Authorization: \`Bearer \${process.env.${KEY_VARIABLE}}\` },
});
const body = await response.json();
if (response.status === 404) console.log('No purchase with this requestId: it was never made');
else if (!response.ok) throw new Error(\`\${response.status} \${body.code}: \${body.message}\`);
else console.log(body.data.status, body.data.result); // result: token, units, cards, pin...`,
    php: `<?php
$ch = curl_init('${url}');
curl_setopt_array($ch, [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => ['Authorization: Bearer ' . getenv('${KEY_VARIABLE}')],
]);
$body = json_decode(curl_exec($ch), true);
$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
if ($status === 404) {
    echo 'No purchase with this requestId: it was never made', PHP_EOL;
} elseif ($status !== 200) {
    throw new RuntimeException("$status {$body['code']}: {$body['message']}");
} else {
    echo $body['data']['status'], PHP_EOL; // $body['data']['result']: token, units, cards, pin...
}`,
    python: `import os
import requests  # pip install requests

response = requests.get(
    "${url}",
    headers={"Authorization": f"Bearer {os.environ['${KEY_VARIABLE}']}"},
    timeout=30,
)
body = response.json()
if response.status_code == 404:
    print("No purchase with this requestId: it was never made")
elif not response.ok:
    raise RuntimeError(f"{response.status_code} {body['code']}: {body['message']}")
else:
    print(body["data"]["status"], body["data"]["result"])  # result: token, units, cards, pin...`,
  };
}
