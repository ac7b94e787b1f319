/**
 * The owner's backup passphrase lives in the OS keychain, through the same CredentialStore as the client secret,
 * under an account of its own, so the daily copy can run unattended. Never in SQLite, never in a log.
 */
import type { CredentialAccount, CredentialStore } from '../secrets/credential-store';

const PASSPHRASE_ACCOUNT: CredentialAccount = { baseUrl: 'mostrador-backup', clientId: 'passphrase' };

export const MIN_PASSPHRASE_LENGTH = 10;

export interface BackupPassphrase {
  get(): Promise<string | null>;
  set(passphrase: string): Promise<void>;
}

export function backupPassphrase(credentials: CredentialStore): BackupPassphrase {
  return {
    get: () => credentials.getClientSecret(PASSPHRASE_ACCOUNT),
    set: (passphrase) => credentials.setClientSecret(PASSPHRASE_ACCOUNT, passphrase),
  };
}
