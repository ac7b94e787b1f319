/**
 * The invoicing service as the server's own credentials reach it, for one-off calls beside the confirmation loop
 * (the sandbox's webhook registration, issue 28): its address and a fresh bearer token from the client credentials
 * held in this machine's keychain. Null while the server has no credentials (or this machine's keychain lacks the
 * secret).
 */
import { readTokenResponse } from '../../shared/api/token';
import type { Database } from '../db/adapter';
import { readServiceAccount } from '../store/confirmations';
import type { ServiceSecrets } from './keychain';

export interface ServiceAccess {
  baseUrl: string;
  bearerToken(): Promise<string>;
}

const TOKEN_TIMEOUT_MS = 15_000;

export async function serverServiceAccess(db: Database, secrets: ServiceSecrets): Promise<ServiceAccess | null> {
  const account = await readServiceAccount(db);
  if (!account || account.state !== 'set') return null;
  const secret = await secrets.get(account.accountKey);
  if (secret === null) return null;
  const baseUrl = account.serviceUrl.replace(/\/+$/, '');
  return {
    baseUrl,
    async bearerToken() {
      const res = await fetch(`${baseUrl}/v1/oauth/token`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: account.clientId, client_secret: secret }),
        signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      });
      if (res.status === 401) throw new Error('el servicio rechazó las credenciales del servidor: póngalas de nuevo con service-account set');
      if (!res.ok) throw new Error(`el servicio contestó ${res.status} al pedir el token`);
      return readTokenResponse(await res.json()).access_token;
    },
  };
}
