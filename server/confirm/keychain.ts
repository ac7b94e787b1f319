/**
 * The invoicing service's client secret at the shop server: in the server machine's OS keychain (server/keychain.ts),
 * under the account's key, never in the database or a log.
 */
import { keychainEntries } from '../keychain';

export { ServerKeychainError as KeychainProblem } from '../keychain';

export const SERVER_KEYCHAIN_SERVICE = 'Mostrador servidor de la tienda';

export interface ServiceSecrets {
  get(accountKey: string): Promise<string | null>;
  set(accountKey: string, secret: string): Promise<void>;
  delete(accountKey: string): Promise<boolean>;
}

export function keychainSecrets(service = SERVER_KEYCHAIN_SERVICE): ServiceSecrets {
  const entries = keychainEntries(service);
  const name = (accountKey: string) => `cuenta-servicio:${accountKey}`;
  return {
    get: (accountKey) => entries.get(name(accountKey)),
    set: (accountKey, secret) => entries.set(name(accountKey), secret),
    delete: (accountKey) => entries.delete(name(accountKey)),
  };
}
