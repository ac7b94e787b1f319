/**
 * The owner's webhook routes (same machine, admin token, like every /admin/ route): GET /admin/webhooks shows the
 * configuration and the figures (never a secret; the URL's path token masked), POST /admin/webhooks sets it,
 * POST /admin/webhooks/clear removes it. The running receiver reads the new configuration at once.
 */
import { z } from 'zod';
import { WEBHOOK_ADAPTERS, hookUrl } from '../../shared/shop/service-webhooks';
import type { Queryable } from '../db/adapter';
import { parseBody, refusal, reply, type Reply } from '../http/io';
import { WebhookKeychainError } from './keychain';
import { webhookNumbers } from './numbers';
import type { WebhookReceiver } from './receiver';
import { WebhookSetupError, type WebhookSettings } from './settings';

const setSchema = z.strictObject({
  adapter: z.enum(WEBHOOK_ADAPTERS),
  publicUrl: z.string().min(1).max(500),
  secret: z.string().max(1000).nullable().optional(),
});

export interface WebhookAdminContext {
  db: Queryable;
  settings: WebhookSettings;
  /** This process's receiver; null when it was started without --webhooks-listen. */
  receiver: WebhookReceiver | null;
}

export async function handleWebhookAdmin(ctx: WebhookAdminContext, method: string, path: string, body: Buffer): Promise<Reply> {
  try {
    if (path === '/admin/webhooks' && method === 'GET') {
      const summary = await ctx.settings.summary();
      return reply(200, {
        ...summary,
        hookUrl: summary.publicUrl ? hookUrl(summary.publicUrl, '…') : null,
        listening: ctx.receiver ? ctx.receiver.url : null,
        numbers: await webhookNumbers(ctx.db, ctx.receiver),
      });
    }
    if (path === '/admin/webhooks' && method === 'POST') {
      const parsed = parseBody(body, setSchema);
      if (!parsed.ok) return parsed.reply;
      const done = await ctx.settings.set({ adapter: parsed.value.adapter, publicUrl: parsed.value.publicUrl, secret: parsed.value.secret ?? null });
      await ctx.receiver?.reload();
      return reply(200, { ...done, listening: ctx.receiver ? ctx.receiver.url : null });
    }
    if (path === '/admin/webhooks/clear' && method === 'POST') {
      const cleared = await ctx.settings.clear();
      await ctx.receiver?.reload();
      return reply(200, cleared);
    }
    return refusal(404, 'not_found', 'no such route');
  } catch (error) {
    if (error instanceof WebhookSetupError) return refusal(400, 'webhook_setup', error.message);
    if (error instanceof WebhookKeychainError) return refusal(503, 'keychain', error.message);
    throw error;
  }
}
