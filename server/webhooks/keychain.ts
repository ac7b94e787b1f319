/**
 * The webhook's secrets in the server machine's OS keychain (keytar: Secret Service on Linux, Keychain on macOS,
 * Credential Vault on Windows), never in the database, the data folder or the logs. One entry per shop: the path
 * token of the receiver's URL and, when known, the signing secret. keytar is loaded lazily, so a machine without a
 * keychain fails with one plain sentence when webhooks are configured, never at start.
 */
type Keytar = typeof import('keytar');

export const WEBHOOK_KEYCHAIN_SERVICE = 'Mostrador shop server webhooks';

export interface WebhookSecrets { pathToken: string; signingSecret: string | null }

export interface WebhookKeychain {
  read(shopId: string): Promise<WebhookSecrets | null>;
  write(shopId: string, secrets: WebhookSecrets): Promise<void>;
  remove(shopId: string): Promise<void>;
}

export class WebhookKeychainError extends Error {}

export function osWebhookKeychain(service = WEBHOOK_KEYCHAIN_SERVICE): WebhookKeychain {
  let loaded: Promise<Keytar> | undefined;
  const guarded = async <T>(op: (k: Keytar) => Promise<T>): Promise<T> => {
    try {
      loaded ??= import('keytar').then((m) => ((m as { default?: Keytar }).default ?? m) as Keytar);
      return await op(await loaded);
    } catch (error) {
      // The cause's words only (never a secret: keytar's errors do not carry the password).
      throw new WebhookKeychainError(`no se puede usar el llavero de este computador (${error instanceof Error ? error.message.slice(0, 200) : String(error)}): `
        + 'ponga en marcha el servidor en una sesión con llavero (en Linux un Secret Service como gnome-keyring, desbloqueado)');
    }
  };
  return {
    async read(shopId) {
      const text = await guarded((k) => k.getPassword(service, shopId));
      if (text === null) return null;
      try {
        const value = JSON.parse(text) as Partial<WebhookSecrets>;
        if (typeof value.pathToken !== 'string') return null;
        return { pathToken: value.pathToken, signingSecret: typeof value.signingSecret === 'string' ? value.signingSecret : null };
      } catch {
        return null;
      }
    },
    async write(shopId, secrets) {
      await guarded((k) => k.setPassword(service, shopId, JSON.stringify(secrets)));
    },
    async remove(shopId) {
      await guarded((k) => k.deletePassword(service, shopId));
    },
  };
}
