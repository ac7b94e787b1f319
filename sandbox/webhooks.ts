/** Webhook registrations and the fan-out of document.status_changed events to them. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { SandboxDb } from './db';
import { documentToWire, type DocumentRow } from './documents-store';
import { failure, json, type Reply } from './http-io';
import { createWebhookDelivery } from './webhook-delivery';

export interface WebhookOptions {
  now: () => number;
  random: () => number;
  maxAttempts?: number;
  baseDelayMs?: number;
  log: (line: string) => void;
}

export interface Webhooks {
  /** POST /sandbox/webhooks */
  register(clientId: string, body: unknown): Reply;
  statusChanged(row: DocumentRow): void;
  close(): Promise<void>;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function createWebhooks(db: SandboxDb, opts: WebhookOptions): Webhooks {
  const delivery = createWebhookDelivery({
    now: opts.now,
    random: opts.random,
    log: opts.log,
    ...(opts.maxAttempts !== undefined ? { maxAttempts: opts.maxAttempts } : {}),
    ...(opts.baseDelayMs !== undefined ? { baseDelayMs: opts.baseDelayMs } : {}),
  });
  const targetsOf = db.prepare('SELECT url, secret FROM webhooks WHERE client_id = ? ORDER BY created_at');

  return {
    register(clientId, body) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return failure(400, 'VALIDATION', 'body must be a JSON object', [{ field: '', message: 'body must be a JSON object' }]);
      }
      const problems = Object.keys(body)
        .filter((key) => key !== 'url')
        .map((key) => ({ field: key, message: `property ${key} should not exist` }));
      const url = (body as Record<string, unknown>).url;
      if (!isHttpUrl(url)) problems.push({ field: 'url', message: 'url must be an http or https URL' });
      if (problems.length > 0) return failure(400, 'VALIDATION', 'invalid webhook registration', problems);
      const webhook = { id: randomUUID(), url: url as string, secret: `whsec_${randomBytes(24).toString('hex')}` };
      db.prepare('INSERT INTO webhooks (id, client_id, url, secret, created_at) VALUES (?, ?, ?, ?, ?)').run(
        webhook.id, clientId, webhook.url, webhook.secret, opts.now(),
      );
      return json(201, webhook);
    },

    statusChanged(row) {
      const targets = targetsOf.all(row.client_id) as Array<{ url: string; secret: string }>;
      if (targets.length === 0) return;
      const document = documentToWire(row);
      for (const target of targets) {
        // One event id per delivery target, so a receiver can de-duplicate retries of its own event.
        const event = { id: randomUUID(), type: 'document.status_changed', created_at: new Date(opts.now()).toISOString(), data: { document } };
        delivery.deliver(target, event);
      }
    },

    close: () => delivery.close(),
  };
}
