import type { CredentialAccount, CredentialStore } from './credential-store';
import { KeychainUnavailableError, accountName } from './credential-store';

type Keytar = typeof import('keytar');

export const DEFAULT_KEYCHAIN_SERVICE = 'Mostrador';

/**
 * CredentialStore over the OS keychain (keytar: macOS Keychain, Windows Credential Vault, Secret Service on Linux).
 * keytar is loaded lazily so a missing native module or keychain becomes one clear error, not a crash at start.
 */
export function createKeytarCredentialStore(opts: { service?: string } = {}): CredentialStore {
  const service = opts.service ?? DEFAULT_KEYCHAIN_SERVICE;
  let loaded: Promise<Keytar> | undefined;
  const keytar = (): Promise<Keytar> => {
    loaded ??= import('keytar').then((m) => ((m as { default?: Keytar }).default ?? m) as Keytar);
    return loaded;
  };
  const guarded = async <T>(op: (k: Keytar) => Promise<T>): Promise<T> => {
    try {
      return await op(await keytar());
    } catch (err) {
      throw new KeychainUnavailableError(err);
    }
  };
  return {
    getClientSecret: (account: CredentialAccount) =>
      guarded((k) => k.getPassword(service, accountName(account))),
    setClientSecret: async (account: CredentialAccount, secret: string) => {
      if (secret.trim() === '') throw new RangeError('The client secret must not be empty.');
      await guarded((k) => k.setPassword(service, accountName(account), secret));
    },
    deleteClientSecret: (account: CredentialAccount) =>
      guarded((k) => k.deletePassword(service, accountName(account))),
  };
}
