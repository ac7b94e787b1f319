/**
 * The webhook receiver: a listener of its own (never the tills' port), off unless the owner starts the server with
 * `--webhooks-listen HOST:PORT`. It answers POST on `/webhooks/service/<path token>` only, reads at most 64 KiB,
 * checks the path token and the signature before anything is parsed or written, stores each event once by its id,
 * and hands the document id it names to the confirmer, which alone reads the document's state (a GET). The event's
 * claimed status is never read. A flood cannot starve the tills: refusals cost a hash and no database write
 * (counted in memory, written every few seconds), accepted events are capped per second (503 + Retry-After past
 * it), documents waiting to be handed over are a bounded set, and old event ids are pruned.
 */
import { classifyStatus } from '../../shared/api/document';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { freshness, readServiceEvent, SERVICE_WEBHOOK_LIMITS, SERVICE_WEBHOOK_PATH, tokenBucket } from '../../shared/shop/service-webhooks';
import type { Database } from '../db/adapter';
import { readBody, refusal, reply, writeReply, type Reply } from '../http/io';
import { sameSecret } from './adapters';
import type { ActiveWebhooks, WebhookSettings } from './settings';

/** The server's confirmation loop as the receiver sees it: it GETs the document (or remembers it) and relays. */
export interface Confirmer { heard(documentId: string): void }

export type RefusalKind = 'signature' | 'too_old' | 'malformed' | 'busy';

export interface WebhookReceiverOptions {
  db: Database;
  settings: WebhookSettings;
  confirmer: Confirmer;
  host: string;
  port: number;
  /** Off loopback the listener speaks TLS with this certificate (the server's own); on loopback plain HTTP. */
  tls?: { key: string; cert: string } | null;
  now?: () => number;
  log?: (line: string) => void;
  /** Tests only: other limits than SERVICE_WEBHOOK_LIMITS. */
  limits?: { [K in keyof typeof SERVICE_WEBHOOK_LIMITS]?: number };
  /** How often the configuration is read again (other server processes may change it). Default 60 s. */
  reloadEveryMs?: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  /** Reads the configuration again now (after `webhooks set` / `clear`). */
  reload(): Promise<void>;
  /** Writes the counters kept in memory to the database now. */
  flush(): Promise<void>;
  /** Not yet written counters of this process (numbers.ts adds them). */
  unflushed(): Counters;
  close(): Promise<void>;
}

export interface Counters { received: number; replayed: number; lastReceivedAt: number | null; refused: Record<RefusalKind, number> }

const emptyCounters = (): Counters => ({ received: 0, replayed: 0, lastReceivedAt: null, refused: { signature: 0, too_old: 0, malformed: 0, busy: 0 } });

const FLUSH_EVERY_MS = 2_000;
const SUMMARY_EVERY_MS = 10_000;
const PRUNE_EVERY_MS = 3_600_000;

export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const { db, settings, confirmer } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  const limits = { ...SERVICE_WEBHOOK_LIMITS, ...options.limits };
  const bucket = tokenBucket(limits.perSecond, limits.burst, now);
  let active: ActiveWebhooks | null = null;
  let pending = emptyCounters();
  /** Counted since the last summary line, for the log. */
  let window = emptyCounters();
  const toHand = new Set<string>();
  let handing = false;

  async function reload(): Promise<void> {
    try {
      active = await settings.active();
    } catch (error) {
      active = null;
      log(`webhooks: the configuration could not be read (${error instanceof Error ? error.message : String(error)}); events are refused until it can`);
    }
  }

  function refuse(kind: RefusalKind, r: Reply): Reply {
    pending.refused[kind] += 1;
    window.refused[kind] += 1;
    return r;
  }

  /** Hands the waiting document ids to the confirmer, after the replies are written. */
  function handOver(): void {
    if (handing) return;
    handing = true;
    setImmediate(() => {
      handing = false;
      for (const id of toHand) {
        toHand.delete(id);
        try {
          confirmer.heard(id);
        } catch (error) {
          log(`webhooks: the confirmer refused document ${id}: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
        }
      }
    });
  }

  async function handle(req: IncomingMessage): Promise<Reply> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith(`${SERVICE_WEBHOOK_PATH}/`)) return refusal(404, 'not_found', 'no such route');
    if (req.method !== 'POST') return refusal(405, 'method_not_allowed', 'use POST', {}, { Allow: 'POST' });
    const config = active;
    if (!config) return refusal(404, 'not_configured', 'webhooks are not configured at this server');
    // The path token and the signature are checked before anything is parsed or written.
    if (!sameSecret(path.slice(SERVICE_WEBHOOK_PATH.length + 1), config.pathToken)) return refuse('signature', refusal(404, 'not_found', 'no such route'));
    const body = await readBody(req, limits.maxBodyBytes);
    if (!body.ok) return refuse('malformed', body.reply);
    const verdict = config.adapter.verify(req.headers, body.bytes);
    if (verdict === 'bad_signature' || (config.signed && verdict !== 'verified')) return refuse('signature', refusal(401, 'bad_signature', 'the signature does not match this body'));
    const read = readServiceEvent(body.bytes.toString('utf8'));
    if (!read.ok) return refuse('malformed', refusal(400, 'malformed', read.why.slice(0, 200)));
    const event = read.event;
    if (verdict === 'verified') {
      const fresh = freshness(config.adapter.timestamp(req.headers), event.createdAt, now());
      if (fresh === 'malformed') return refuse('malformed', refusal(400, 'malformed', 'the timestamp header is not a time in seconds'));
      if (fresh === 'too_old') return refuse('too_old', refusal(400, 'too_old', 'the event is too old (or its clock too far from this server\'s)'));
    }
    const busy = (): Reply => refuse('busy', refusal(503, 'busy', 'too many events just now; send again later', {}, { 'Retry-After': String(bucket.retryAfterSeconds()) }));
    if (toHand.size >= limits.maxPendingDocuments && !toHand.has(event.documentId)) return busy();
    if (!bucket.take()) return busy();
    const at = now();
    const inserted = await db.query(
      `INSERT INTO service_webhook_events (event_id, received_at, document_id, type, verified) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (event_id) DO NOTHING`,
      [event.eventId, at, event.documentId, event.type.slice(0, 100), verdict === 'verified']);
    if (inserted.rowCount === 0) {
      // Seen before: nothing changes, and a 200 so the sender stops sending it.
      pending.replayed += 1;
      window.replayed += 1;
      return reply(200, { ok: true, duplicate: true });
    }
    pending.received += 1;
    pending.lastReceivedAt = at;
    window.received += 1;
    // A claimed status still pending is not worth a read (a hint only: the verdict is never taken from an event).
    if (event.claimedStatus === null || classifyStatus(event.claimedStatus) !== 'pending') {
      toHand.add(event.documentId);
      handOver();
    }
    return reply(200, { ok: true });
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    handle(req)
      .catch((error: unknown) => {
        log(`webhooks: internal error: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown'}`);
        return refusal(503, 'unavailable', 'the server could not take the event; send it again later', {}, { 'Retry-After': '5' });
      })
      .then((r) => writeReply(res, r));
  };

  async function flush(): Promise<void> {
    const c = pending;
    if (c.received + c.replayed + Object.values(c.refused).reduce((a, b) => a + b, 0) === 0) return;
    pending = emptyCounters();
    try {
      await db.query(
        `INSERT INTO service_webhook_counters AS c (singleton, received, replayed, last_received_at, refused_signature, refused_too_old, refused_malformed, refused_busy)
         VALUES (TRUE, $1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (singleton) DO UPDATE SET received = c.received + $1, replayed = c.replayed + $2,
           last_received_at = GREATEST(c.last_received_at, $3), refused_signature = c.refused_signature + $4,
           refused_too_old = c.refused_too_old + $5, refused_malformed = c.refused_malformed + $6, refused_busy = c.refused_busy + $7`,
        [c.received, c.replayed, c.lastReceivedAt, c.refused.signature, c.refused.too_old, c.refused.malformed, c.refused.busy]);
    } catch (error) {
      // Kept for the next flush rather than lost.
      pending.received += c.received;
      pending.replayed += c.replayed;
      pending.lastReceivedAt = Math.max(pending.lastReceivedAt ?? 0, c.lastReceivedAt ?? 0) || null;
      for (const k of Object.keys(c.refused) as RefusalKind[]) pending.refused[k] += c.refused[k];
      log(`webhooks: the counters could not be written (${error instanceof Error ? error.message.slice(0, 200) : String(error)})`);
    }
  }

  async function prune(): Promise<void> {
    await db.query('DELETE FROM service_webhook_events WHERE received_at < $1', [now() - limits.keepEventsMs]).catch(() => {});
  }

  function summary(): void {
    const w = window;
    window = emptyCounters();
    const refused = Object.entries(w.refused).filter(([, n]) => n > 0);
    if (w.received + w.replayed === 0 && refused.length === 0) return;
    log(`${new Date(now()).toISOString()} webhooks: ${w.received} events taken, ${w.replayed} repeated`
      + `${refused.length ? `, refused ${refused.map(([k, n]) => `${n} ${k}`).join(', ')}` : ''} (last ${SUMMARY_EVERY_MS / 1000} s)`);
  }

  await reload();
  await prune();
  const server: Server = options.tls ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, handler) : createHttpServer(handler);
  // A sender that dawdles is cut off; connections at once are bounded.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  server.maxConnections = 512;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const timers = [
    setInterval(() => void flush(), FLUSH_EVERY_MS),
    setInterval(summary, SUMMARY_EVERY_MS),
    setInterval(() => void prune(), PRUNE_EVERY_MS),
    setInterval(() => void reload(), options.reloadEveryMs ?? 60_000),
  ];
  for (const t of timers) t.unref();
  const port = (server.address() as AddressInfo).port;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`,
    port,
    reload,
    flush,
    unflushed: () => structuredClone(pending),
    async close() {
      for (const t of timers) clearInterval(t);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await flush();
      summary();
    },
  };
}

/** `--webhooks-listen HOST:PORT` read, or a plain sentence of what is wrong. */
export function parseListen(text: string): { host: string; port: number } | { problem: string } {
  const m = /^(\[[0-9a-fA-F:]+\]|[^:\s]+):(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[2]) : NaN;
  if (!m || port > 65_535) return { problem: `--webhooks-listen debe ser HOST:PUERTO (p. ej. 127.0.0.1:4302, detrás de un proxy o un túnel en este computador), no ${text}` };
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
}
