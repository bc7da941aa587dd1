<?php
// Verify an AgentDesk webhook (PHP 7.4+, no extensions beyond the default hash).
// Pass the raw request body exactly as received: file_get_contents('php://input').

const AGENTDESK_TOLERANCE_SECONDS = 300; // reject deliveries signed more than 5 minutes ago (replays)

function verify_webhook(string $rawBody, ?string $signatureHeader, string $secret, ?int $now = null): bool
{
    $now = $now ?? time();
    if ($signatureHeader === null) {
        return false;
    }
    $timestamp = null;
    $signatures = [];
    foreach (explode(',', $signatureHeader) as $part) {
        $pair = explode('=', trim($part), 2);
        if (count($pair) !== 2) {
            continue;
        }
        if ($pair[0] === 't') {
            $timestamp = $pair[1];
        } elseif ($pair[0] === 'v1' && $pair[1] !== '') {
            $signatures[] = strtolower($pair[1]);
        }
    }
    if ($timestamp === null || !ctype_digit($timestamp) || count($signatures) === 0) {
        return false;
    }
    if (abs($now - (int) $timestamp) > AGENTDESK_TOLERANCE_SECONDS) {
        return false;
    }

    $expected = hash_hmac('sha256', $timestamp . '.' . $rawBody, $secret);
    foreach ($signatures as $signature) {
        // hash_equals: a plain === would leak how much of a forged signature is right.
        if (hash_equals($expected, $signature)) {
            return true;
        }
    }
    return false;
}

// Example:
//   $body = file_get_contents('php://input');
//   if (!verify_webhook($body, $_SERVER['HTTP_X_AGENTDESK_SIGNATURE'] ?? null, getenv('AGENTDESK_WEBHOOK_SECRET'))) {
//       http_response_code(400);
//       exit;
//   }
//   $event = json_decode($body, true); // $event['type']: purchase.delivered | purchase.failed | test
//   http_response_code(200);

// Command line (used by tests): reads {"rawBody", "header", "secret", "now"} as JSON from stdin.
if (PHP_SAPI === 'cli' && isset($argv[0]) && realpath($argv[0]) === __FILE__) {
    $args = json_decode(stream_get_contents(STDIN), true);
    $ok = verify_webhook($args['rawBody'], $args['header'], $args['secret'], $args['now'] ?? null);
    echo $ok ? "true\n" : "false\n";
}
