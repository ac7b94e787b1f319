/**
 * The shop server's secrets in its machine's OS keychain (keytar: Secret Service on Linux, Keychain on macOS,
 * Credential Vault on Windows), never in the database, the data folder or a log: the invoicing service's client secret
 * (confirm/keychain.ts) and the webhooks' path token and signing secret (webhooks/keychain.ts). keytar is loaded
 * lazily, so a machine without a keychain fails with one plain sentence when a secret is used, never at start.
 */
type Keytar = typeof import('keytar');

/** One service's entries in the keychain, by name. */
export interface KeychainEntries {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<boolean>;
}

/** The keychain could not be used; the message says what to do. */
export class ServerKeychainError extends Error {}

let loaded: Promise<Keytar> | undefined;

export function keychainEntries(service: string): KeychainEntries {
  const guarded = async <T>(op: (k: Keytar) => Promise<T>): Promise<T> => {
    try {
      loaded ??= import('keytar').then((m) => ((m as { default?: Keytar }).default ?? m) as Keytar);
      return await op(await loaded);
    } catch (error) {
      loaded = undefined;
      // The cause's words only (never a secret: keytar's errors do not carry the password).
      const why = error instanceof Error ? error.message.slice(0, 200) : String(error);
      throw new ServerKeychainError(`no se pudo usar el llavero del sistema de este computador (${why}): ponga en marcha el servidor `
        + 'en una sesión con llavero (en Linux, inicie sesión en el escritorio o arranque un Secret Service como gnome-keyring, desbloqueado)');
    }
  };
  return {
    get: (name) => guarded((k) => k.getPassword(service, name)),
    set: (name, value) => guarded((k) => k.setPassword(service, name, value)),
    delete: (name) => guarded((k) => k.deletePassword(service, name)),
  };
}
