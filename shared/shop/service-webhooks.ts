/**
 * The invoicing service's webhooks as the shop server hears them (issue 28): pure rules only. The service's
 * specification does not show registration, signing or retries, so nothing here guesses a real provider's format:
 * an event is read for its id and the document id it names, and nothing else of it is believed. The document's state
 * is only ever what the server reads with a GET (shared/shop/contract.ts, documentOutcomeSchema).
 */
import { z } from 'zod';
import { serviceDocumentIdSchema } from './contract';

export const SERVICE_WEBHOOK_LIMITS = {
  /** A request body past this is refused (413) before any of it is parsed. */
  maxBodyBytes: 64 * 1024,
  /** A timestamp header further than this from the server's clock: refused as too old (or from the future). */
  maxSkewMs: 5 * 60_000,
  /** Event ids are kept this long: a replay within it is recognised; a signed event older than it is refused. */
  keepEventsMs: 7 * 86_400_000,
  /** Events taken into work per second (verified, or unsigned under the manual adapter); past it: 503 + Retry-After. */
  perSecond: 50,
  /** The bucket's depth: a burst this large is taken at once. */
  burst: 100,
  /** Documents waiting to be handed to the confirmer at once (coalesced by id); past it: 503 + Retry-After. */
  maxPendingDocuments: 1_000,
} as const;

export const SERVICE_WEBHOOK_PATH = '/webhooks/service';
export const WEBHOOK_ADAPTERS = ['sandbox', 'manual'] as const;
export type WebhookAdapterKind = (typeof WEBHOOK_ADAPTERS)[number];

/**
 * What is read of an event: its id (stored once), its type, the document it names, when the sender says it made it,
 * and the status it claims — never believed, only a hint of whether a read is worth its request: an event claiming a
 * status still pending (QUEUED…) is stored and not handed over (a lie there only delays the verdict to the loop's own
 * look). Other fields are ignored (extra fields allowed: the sender may add some).
 */
export const serviceEventSchema = z.object({
  id: z.string().min(1).max(200).regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII' }),
  type: z.string().min(1).max(100),
  created_at: z.iso.datetime({ offset: true }).optional(),
  data: z.object({ document: z.object({ id: serviceDocumentIdSchema, status: z.string().max(40).optional().catch(undefined) }) }),
});

export interface ServiceEvent { eventId: string; type: string; documentId: string; createdAt: number | null; claimedStatus: string | null }

/** The event in a raw body, or why it cannot be read (answered 400, counted as malformed). */
export function readServiceEvent(raw: string): { ok: true; event: ServiceEvent } | { ok: false; why: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, why: 'the body is not JSON' };
  }
  const parsed = serviceEventSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, why: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not an event'}` };
  }
  const e = parsed.data;
  return {
    ok: true,
    event: { eventId: e.id, type: e.type, documentId: e.data.document.id, createdAt: e.created_at ? Date.parse(e.created_at) : null, claimedStatus: e.data.document.status ?? null },
  };
}

/**
 * Freshness of a signed delivery. `timestampSeconds`: the sender's timestamp header (sandbox: X-Sandbox-Timestamp,
 * not covered by its signature, so only a hint); `createdAt`: the event's own time, inside the signed body. A replay
 * older than the kept event ids could not be recognised, so a signed event older than that is refused too.
 */
export function freshness(timestampHeader: string | undefined, createdAt: number | null, now: number): 'fresh' | 'too_old' | 'malformed' {
  if (timestampHeader !== undefined) {
    if (!/^\d{1,12}$/.test(timestampHeader.trim())) return 'malformed';
    const at = Number(timestampHeader.trim()) * 1000;
    if (Math.abs(now - at) > SERVICE_WEBHOOK_LIMITS.maxSkewMs) return 'too_old';
  }
  if (createdAt !== null && now - createdAt > SERVICE_WEBHOOK_LIMITS.keepEventsMs - 86_400_000) return 'too_old';
  return 'fresh';
}

/** A token bucket: `take()` says whether one more event may be worked on now. */
export function tokenBucket(perSecond: number, burst: number, now: () => number): { take(): boolean; retryAfterSeconds(): number } {
  let tokens = burst;
  let at = now();
  const refill = () => {
    const t = now();
    tokens = Math.min(burst, tokens + ((t - at) / 1000) * perSecond);
    at = t;
  };
  return {
    take() {
      refill();
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    retryAfterSeconds() {
      refill();
      return Math.max(1, Math.ceil((1 - tokens) / perSecond));
    },
  };
}

/** The URL the service calls: the owner's public base, the receiver's path, and the unguessable path token. */
export function hookUrl(publicUrl: string, pathToken: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${SERVICE_WEBHOOK_PATH}/${pathToken}`;
}
