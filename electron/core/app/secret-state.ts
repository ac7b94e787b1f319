/** What Settings may say about the stored client secret: there, not there, or the keychain could not be asked. */
import type { ConnectionDto } from '../../../shared/bridge/types';
import { KeychainUnavailableError, type CredentialAccount, type CredentialStore } from '../secrets/credential-store';

export async function secretStateOf(
  credentials: CredentialStore,
  account: CredentialAccount,
): Promise<{ secretState: ConnectionDto['secretState']; keychainProblem: string | null }> {
  try {
    const secret = await credentials.getClientSecret(account);
    return { secretState: secret ? 'stored' : 'missing', keychainProblem: null };
  } catch (error) {
    const failure = error instanceof KeychainUnavailableError ? error : new KeychainUnavailableError(error);
    return { secretState: 'unreadable', keychainProblem: failure.message };
  }
}
