/**
 * The invoicing service's client secret at the shop server: in the server machine's OS keychain (keytar: Secret
 * Service on Linux, Keychain on macOS, Credential Vault on Windows), under the account's key, never in the database
 * or a log. keytar is loaded lazily: a machine without a keychain gets one plain error when the secret is used.
 */
type Keytar = typeof import('keytar');

export const SERVER_KEYCHAIN_SERVICE = 'Mostrador servidor de la tienda';

export interface ServiceSecrets {
  get(accountKey: string): Promise<string | null>;
  set(accountKey: string, secret: string): Promise<void>;
  delete(accountKey: string): Promise<boolean>;
}

export class KeychainProblem extends Error {}

export function keychainSecrets(service = SERVER_KEYCHAIN_SERVICE): ServiceSecrets {
  let loaded: Promise<Keytar> | undefined;
  const keytar = (): Promise<Keytar> => {
    loaded ??= import('keytar').then((m) => ((m as { default?: Keytar }).default ?? m) as Keytar);
    return loaded;
  };
  const name = (accountKey: string) => `cuenta-servicio:${accountKey}`;
  const guarded = async <T>(op: (k: Keytar) => Promise<T>): Promise<T> => {
    try {
      return await op(await keytar());
    } catch (error) {
      const why = error instanceof Error ? error.message.slice(0, 200) : String(error);
      throw new KeychainProblem(`no se pudo usar el llavero del sistema de este computador (${why}): en Linux, inicie sesión en el escritorio o arranque un gnome-keyring para este usuario`);
    }
  };
  return {
    get: (accountKey) => guarded((k) => k.getPassword(service, name(accountKey))),
    set: (accountKey, secret) => guarded((k) => k.setPassword(service, name(accountKey), secret)),
    delete: (accountKey) => guarded((k) => k.deletePassword(service, name(accountKey))),
  };
}
