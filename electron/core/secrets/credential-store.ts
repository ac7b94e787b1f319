/**
 * Where the client secret lives. Only the secret goes here; base URL and client id are ordinary settings.
 * The access token is never stored anywhere: the token manager keeps it in memory.
 */
export interface CredentialStore {
  getClientSecret(account: CredentialAccount): Promise<string | null>;
  setClientSecret(account: CredentialAccount, secret: string): Promise<void>;
  deleteClientSecret(account: CredentialAccount): Promise<boolean>;
}

/** A secret belongs to one client id at one service (the same id may exist in test and production). */
export interface CredentialAccount {
  baseUrl: string;
  clientId: string;
}

export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  constructor(cause: unknown) {
    super(
      'The system keychain is not available, so Mostrador cannot store or read the client secret. ' +
        'On Linux, install and unlock a Secret Service (GNOME Keyring or KWallet) and try again. ' +
        `Detail: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

export function accountName({ baseUrl, clientId }: CredentialAccount): string {
  return `${clientId}@${baseUrl.replace(/\/+$/, '')}`;
}
