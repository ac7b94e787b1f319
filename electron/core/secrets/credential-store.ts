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

/**
 * Why the keychain could not be used, because each asks the person for something different: install a Secret
 * Service, unlock the keyring, allow the access, or read the detail.
 */
export type KeychainProblem = 'no-secret-service' | 'locked' | 'denied' | 'other';

const ADVICE: Record<KeychainProblem, string> = {
  'no-secret-service':
    'The system keychain is not available, so Mostrador cannot store or read the client secret. ' +
    'On Linux, install and start a Secret Service (GNOME Keyring or KWallet) and try again.',
  locked: 'The system keychain is locked, so Mostrador cannot store or read the client secret. Unlock it (for example by logging in again) and try again.',
  denied: 'The system keychain refused Mostrador access to the client secret (the request was denied or cancelled). Allow the access and try again.',
  other: 'The system keychain could not store or read the client secret.',
};

/** The sync status code for each problem (the status bar words each one; see renderer/i18n). */
export const KEYCHAIN_PROBLEM_CODES: Record<KeychainProblem, string> = {
  'no-secret-service': 'KEYCHAIN_UNAVAILABLE',
  locked: 'KEYCHAIN_LOCKED',
  denied: 'KEYCHAIN_DENIED',
  other: 'KEYCHAIN_FAILED',
};

// Words libsecret/D-Bus, macOS Security and Windows Credential Manager use for each case.
const PATTERNS: readonly [KeychainProblem, RegExp][] = [
  ['locked', /\block(ed)?\b|unlock|is not unlocked|errSecInteractionNotAllowed|-25308/i],
  ['denied', /denied|not allowed|cancel+ed|dismissed|user canceled|errSecAuthFailed|-128\b|-25293/i],
  ['no-secret-service', /org\.freedesktop\.secrets|secret service|dbus|d-bus|autolaunch|\$DISPLAY|no such file|could not connect|cannot find module|keytar|not provided by any \.service/i],
];

export function classifyKeychainFailure(cause: unknown): KeychainProblem {
  const text = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  for (const [problem, pattern] of PATTERNS) if (pattern.test(text)) return problem;
  return 'other';
}

/** Any keychain failure, classified; the name stays for the bridge and the callers that test for it. */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  readonly problem: KeychainProblem;
  constructor(cause: unknown, problem: KeychainProblem = classifyKeychainFailure(cause)) {
    super(`${ADVICE[problem]} Detail: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.problem = problem;
  }
}

export function accountName({ baseUrl, clientId }: CredentialAccount): string {
  return `${clientId}@${baseUrl.replace(/\/+$/, '')}`;
}
