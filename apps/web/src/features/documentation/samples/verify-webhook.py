# Verify an AgentDesk webhook (Python 3.8+, standard library only).
# Pass the raw request body exactly as received (bytes or str), before any JSON parsing.
import hashlib
import hmac
import json
import re
import sys
import time

TOLERANCE_SECONDS = 300  # reject deliveries signed more than 5 minutes ago (replays)


def verify_webhook(raw_body, signature_header, secret, now=None):
    if now is None:
        now = int(time.time())
    if isinstance(raw_body, str):
        raw_body = raw_body.encode("utf-8")
    if not isinstance(signature_header, str):
        return False
    timestamp = None
    signatures = []
    for part in signature_header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t":
            timestamp = value
        elif key == "v1" and value:
            signatures.append(value.lower())
    if not timestamp or not re.fullmatch(r"[0-9]+", timestamp) or not signatures:
        return False
    if abs(int(now) - int(timestamp)) > TOLERANCE_SECONDS:
        return False

    expected = hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + raw_body, hashlib.sha256).hexdigest()
    # compare_digest: a plain == would leak how much of a forged signature is right.
    return any(hmac.compare_digest(expected, signature) for signature in signatures)


# Example with Flask:
#   @app.post("/agentdesk/webhook")
#   def agentdesk_webhook():
#       if not verify_webhook(request.get_data(), request.headers.get("X-AgentDesk-Signature"), SECRET):
#           abort(400)
#       event = request.get_json()  # event["type"]: purchase.delivered | purchase.failed | test
#       return "", 200

if __name__ == "__main__":
    # Reads {"rawBody", "header", "secret", "now"} as JSON from stdin and prints true or false.
    args = json.load(sys.stdin)
    ok = verify_webhook(args["rawBody"], args["header"], args["secret"], args.get("now"))
    print("true" if ok else "false")
