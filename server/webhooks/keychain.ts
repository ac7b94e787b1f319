/**
 * The webhook's secrets in the server machine's OS keychain (server/keychain.ts), never in the database, the data
 * folder or the logs. One entry per shop: the path token of the receiver's URL and, when known, the signing secret.
 */
import { keychainEntries } from '../keychain';

export { ServerKeychainError as WebhookKeychainError } from '../keychain';

export const WEBHOOK_KEYCHAIN_SERVICE = 'Mostrador shop server webhooks';

export interface WebhookSecrets { pathToken: string; signingSecret: string | null }

export interface WebhookKeychain {
  read(shopId: string): Promise<WebhookSecrets | null>;
  write(shopId: string, secrets: WebhookSecrets): Promise<void>;
  remove(shopId: string): Promise<void>;
}

export function osWebhookKeychain(service = WEBHOOK_KEYCHAIN_SERVICE): WebhookKeychain {
  const entries = keychainEntries(service);
  return {
    async read(shopId) {
      const text = await entries.get(shopId);
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
      await entries.set(shopId, JSON.stringify(secrets));
    },
    async remove(shopId) {
      await entries.delete(shopId);
    },
  };
}
