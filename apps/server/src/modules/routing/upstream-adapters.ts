import { createClubkonnectAdapter } from '../upstream/clubkonnect/clubkonnect-adapter.js';
import { newClubkonnectRequestId } from '../upstream/clubkonnect/clubkonnect-request-id.js';
import type { ExchangeObserver } from '../upstream/upstream-exchange.js';
import type { UpstreamAdapter } from '../upstream/upstream.js';
import { createVtpassAdapter } from '../upstream/vtpass/vtpass-adapter.js';
import { newRequestId as newVtpassRequestId } from '../upstream/vtpass/request-id.js';
import type { UpstreamCredentials } from './upstream-credentials.js';
import type { UpstreamKind } from './upstreams.repo.js';

/** A new upstream request id in the form each kind requires; one per attempt, never reused. */
export const REQUEST_ID_OF: Readonly<Record<UpstreamKind, (now: Date) => string>> = {
  vtpass: (now) => newVtpassRequestId(now),
  clubkonnect: newClubkonnectRequestId,
};

export interface AdapterSettings {
  /** Where each kind's built-in sandbox answers (this server's own port, known once it listens). */
  sandboxUrl: Readonly<Record<UpstreamKind, () => string>>;
  timeoutMs: number;
  onExchange?: ExchangeObserver | undefined;
  now: () => Date;
}

/** The adapter that speaks to one configured upstream, with its credentials opened. */
export function buildAdapter(
  settings: AdapterSettings,
  upstream: { baseUrl: string | null; credentials: UpstreamCredentials },
): UpstreamAdapter {
  const { credentials } = upstream;
  const common = { timeoutMs: settings.timeoutMs, onExchange: settings.onExchange, now: settings.now };
  switch (credentials.kind) {
    case 'vtpass':
      return createVtpassAdapter({
        ...common,
        baseUrl: upstream.baseUrl ?? settings.sandboxUrl.vtpass,
        apiKey: credentials.apiKey,
        publicKey: credentials.publicKey,
        secretKey: credentials.secretKey,
      });
    case 'clubkonnect':
      return createClubkonnectAdapter({
        ...common,
        baseUrl: upstream.baseUrl ?? settings.sandboxUrl.clubkonnect,
        userId: credentials.userId,
        apiKey: credentials.apiKey,
      });
  }
}
