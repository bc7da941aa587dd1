import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress, privateHostReason } from './url-guard.js';

/** What one attempt came to: the receiver's status, or why there was none. */
export interface SendResult {
  statusCode: number | null;
  /** null when the receiver answered 2xx. */
  error: string | null;
  durationMs: number;
}

/** At most this much of a receiver's answer is read (and then thrown away). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Resolves like dns.lookup but refuses private addresses at connect time, so a name that
 * resolved to a public address when checked cannot be switched to an internal one for the
 * connection itself (DNS rebinding).
 */
export const publicOnlyLookup = ((
  hostname: string,
  options: dns.LookupOptions,
  callback: (...args: unknown[]) => void,
) => {
  dns.lookup(hostname, { ...options }, (error, address: string | LookupAddress[], family?: number) => {
    if (error) return callback(error, address, family);
    const list = Array.isArray(address) ? address : [{ address, family: family ?? 4 }];
    const blocked = list.find((entry) => isPrivateAddress(entry.address));
    if (blocked) {
      const refused = Object.assign(new Error(`${hostname} resolves to a private or local address`), {
        code: 'EPRIVATEADDRESS',
      });
      return callback(refused, address, family);
    }
    callback(null, address, family);
  });
}) as unknown as LookupFunction;

function describe(error: unknown, timeoutMs: number): string {
  const err = error as NodeJS.ErrnoException;
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return `No answer within ${timeoutMs / 1000} s`;
  if (err.code === 'ECONNREFUSED') return 'Connection refused';
  if (err.code === 'ENOTFOUND') return 'Host not found';
  if (err.code === 'ECONNRESET') return 'Connection reset';
  if (err.code === 'EPRIVATEADDRESS') return err.message;
  return (err.code ? `${err.code}: ${err.message}` : err.message).slice(0, 200);
}

/**
 * POSTs one signed event. Redirects are not followed (a 3xx is a failure: the URL should be
 * the final one), and in production no private address is reached, checked when the name is
 * resolved for the connection. Never throws.
 */
export async function postWebhook(request: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  now: () => number;
}): Promise<SendResult> {
  const started = request.now();
  const done = (statusCode: number | null, error: string | null): SendResult => ({
    statusCode,
    error,
    durationMs: Math.max(0, Math.round(request.now() - started)),
  });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return done(null, 'The webhook URL is not valid');
  }
  if (!request.allowPrivate) {
    const reason = await privateHostReason(url.hostname);
    if (reason) return done(null, `Refused: ${reason}`);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        signal: AbortSignal.timeout(request.timeoutMs),
        ...(request.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        let read = 0;
        answer.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) answer.destroy();
        });
        answer.on('error', () => undefined);
        if (status >= 200 && status < 300) resolve(done(status, null));
        else if (status >= 300 && status < 400) resolve(done(status, `HTTP ${status}: redirects are not followed`));
        else resolve(done(status, `HTTP ${status}`));
      },
    );
    outgoing.on('error', (error) => resolve(done(null, describe(error, request.timeoutMs))));
    outgoing.end(request.body);
  });
}
