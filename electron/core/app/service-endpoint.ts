/**
 * How the core reaches one invoicing service: where its client secret comes from (the keychain, read per token
 * request so it is never held), and the one-off token request that checks new credentials before they are saved.
 */
import { ApiError, isApiError } from '../../../common/invoicing/errors';
import { createHttpClient, type HttpTimeouts } from '../../../common/invoicing/http';
import { createTokenManager } from '../../../common/invoicing/token-manager';
import { KEYCHAIN_PROBLEM_CODES, KeychainUnavailableError, classifyKeychainFailure, type CredentialAccount, type CredentialStore } from '../secrets/credential-store';

/** Reads the secret for one account; a missing or unreadable secret is an auth failure with its own code. */
export function keychainSecret(credentials: CredentialStore, account: CredentialAccount): () => Promise<string> {
  return async () => {
    let secret: string | null;
    try {
      secret = await credentials.getClientSecret(account);
    } catch (error) {
      const problem = error instanceof KeychainUnavailableError ? error.problem : classifyKeychainFailure(error);
      const message = error instanceof KeychainUnavailableError ? error.message : new KeychainUnavailableError(error, problem).message;
      throw new ApiError({ kind: 'auth', code: KEYCHAIN_PROBLEM_CODES[problem], message });
    }
    if (!secret) {
      throw new ApiError({ kind: 'auth', code: 'NO_SECRET', message: 'No client secret is stored for this connection; enter it in Settings' });
    }
    return secret;
  };
}

export type CredentialCheck =
  | { kind: 'accepted' }
  /** The service answered and refused the client id or secret. */
  | { kind: 'refused'; message: string }
  /** Nothing usable answered at that address (network, timeout, 5xx, 429): it may work later. */
  | { kind: 'unreachable'; message: string }
  /** Something answered, but not as an invoicing service's token endpoint. */
  | { kind: 'not-a-service'; message: string };

/** One token request with the given credentials, outside any running connection (its token is dropped). */
export async function checkCredentials(
  target: { baseUrl: string; clientId: string; clientSecret: string },
  opts: { timeouts: HttpTimeouts; now: () => number },
): Promise<CredentialCheck> {
  const http = createHttpClient(opts.timeouts);
  try {
    const tokens = createTokenManager({
      baseUrl: target.baseUrl, clientId: target.clientId, getClientSecret: async () => target.clientSecret, http, now: opts.now,
    });
    await tokens.getToken();
    return { kind: 'accepted' };
  } catch (error) {
    if (!isApiError(error)) return { kind: 'unreachable', message: error instanceof Error ? error.message : String(error) };
    if (error.kind === 'auth' || error.status === 403) return { kind: 'refused', message: error.message };
    if (error.kind === 'transient') return { kind: 'unreachable', message: error.message };
    return { kind: 'not-a-service', message: error.message };
  } finally {
    await http.close().catch(() => {});
  }
}
