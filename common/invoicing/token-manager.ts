/**
 * The bearer token for the invoicing service. Kept only in memory, reused for its lifetime and refreshed ahead
 * of expiry, because a token per call would double our requests and hit the service's rate limit.
 * The client secret is asked for on each token request and dropped right after; it is never stored or logged.
 */
import { readTokenResponse } from '../../shared/api/token';
import type { HttpClient } from './http';
import { failureFromResponse, readReply } from './service-reply';

export interface TokenManager {
  /** A token valid for a while yet; concurrent callers share one token request. */
  getToken(): Promise<string>;
  /** The service refused this token (401): forget it so the next `getToken` fetches a new one. */
  invalidate(token: string): void;
  /** The credentials changed (a new secret was saved): the next request gets a token with them. */
  forget(): void;
}

export interface TokenManagerOptions {
  baseUrl: string;
  clientId: string;
  getClientSecret: () => Promise<string>;
  http: Pick<HttpClient, 'send'>;
  now: () => number;
  /** Refresh this long before expiry; short-lived tokens are refreshed at half their lifetime instead. */
  refreshAheadMs?: number;
}

interface HeldToken {
  value: string;
  refreshAt: number;
}

export function createTokenManager(opts: TokenManagerOptions): TokenManager {
  const refreshAheadMs = opts.refreshAheadMs ?? 60_000;
  const url = new URL('v1/oauth/token', withTrailingSlash(opts.baseUrl)).toString();
  let held: HeldToken | null = null;
  let inFlight: Promise<HeldToken> | null = null;

  async function requestToken(): Promise<HeldToken> {
    // Lifetime is counted from before the request, so network time only makes us refresh earlier.
    const requestedAt = opts.now();
    const body = JSON.stringify({
      grant_type: 'client_credentials',
      client_id: opts.clientId,
      client_secret: await opts.getClientSecret(),
    });
    const response = await opts.http.send({ method: 'POST', url, body });
    const failure = failureFromResponse(response, opts.now());
    if (failure) throw failure;
    // Asking again for a token is harmless, so an unreadable answer is not ambiguous.
    const token = readReply(response, readTokenResponse, { ambiguous: false });
    const lifetimeMs = Math.max(0, token.expires_in * 1000);
    return { value: token.access_token, refreshAt: requestedAt + lifetimeMs - Math.min(refreshAheadMs, lifetimeMs / 2) };
  }

  return {
    getToken() {
      if (held && opts.now() < held.refreshAt) return Promise.resolve(held.value);
      if (!inFlight) {
        inFlight = requestToken()
          .then((fresh) => {
            held = fresh;
            return fresh;
          })
          .finally(() => {
            inFlight = null;
          });
      }
      return inFlight.then((t) => t.value);
    },
    invalidate(token) {
      // Only the token that failed: another caller may already hold a fresh one.
      if (held?.value === token) held = null;
    },
    forget() {
      held = null;
    },
  };
}

export function withTrailingSlash(baseUrl: string): string {
  return baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
}
