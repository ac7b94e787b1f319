import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Agent, request } from 'undici';

export interface WebhookTarget {
  url: string;
  secret: string;
}

export interface WebhookDeliveryOptions {
  /** Clock for X-Sandbox-Timestamp (ms since epoch). */
  now?: () => number;
  /** Source of backoff jitter, in [0, 1). */
  random?: () => number;
  /** New event ids; injectable so tests can predict them. */
  newEventId?: () => string;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Per attempt, connection to end of response. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface WebhookDelivery {
  /** Queue one event for `target`; returns at once, delivery and retries run in the background. */
  deliver(target: WebhookTarget, event: object): void;
  /** Events neither delivered nor given up on yet. */
  pending(): number;
  /** Stops retries, aborts requests in flight and releases connections. */
  close(): Promise<void>;
}

interface Delivery {
  id: string;
  target: WebhookTarget;
  body: Buffer;
  attempts: number;
  retryTimer: NodeJS.Timeout | null;
}

const SIGNATURE_PREFIX = 'sha256=';

export function webhookSignature(secret: string, rawBody: string | Uint8Array): string {
  return SIGNATURE_PREFIX + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** For receivers: does `header` (X-Sandbox-Signature) match the raw request body? Constant-time compare. */
export function verifyWebhookSignature(secret: string, rawBody: string | Uint8Array, header: string | null | undefined): boolean {
  if (typeof header !== 'string' || !header.startsWith(SIGNATURE_PREFIX)) return false;
  const expected = Buffer.from(webhookSignature(secret, rawBody), 'utf8');
  const given = Buffer.from(header.trim(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Where a delivery goes, for logs: no query string, no credentials. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(invalid url)';
  }
}

function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function createWebhookDelivery(opts: WebhookDeliveryOptions = {}): WebhookDelivery {
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const newEventId = opts.newEventId ?? (() => `evt_${randomUUID()}`);
  const maxAttempts = opts.maxAttempts ?? 6;
  const baseDelayMs = opts.baseDelayMs ?? 500;
  const maxDelayMs = opts.maxDelayMs ?? 30_000;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const log = opts.log ?? (() => {});

  // Own connection pool, so close() can release every socket it opened.
  const agent = new Agent({ connect: { timeout: timeoutMs } });
  const active = new Set<Delivery>();
  const inFlight = new Set<{ abort: AbortController; done: Promise<void> }>();
  let closed = false;

  /** Exponential backoff with "equal jitter": half fixed, half random, so retries of many events spread out. */
  function retryDelay(failedAttempts: number): number {
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (failedAttempts - 1));
    return Math.round(ceiling / 2 + random() * (ceiling / 2));
  }

  async function post(delivery: Delivery, signal: AbortSignal): Promise<string | null> {
    try {
      const response = await request(delivery.target.url, {
        method: 'POST',
        dispatcher: agent,
        signal,
        headers: {
          'content-type': 'application/json',
          'x-sandbox-event-id': delivery.id,
          'x-sandbox-signature': webhookSignature(delivery.target.secret, delivery.body),
          'x-sandbox-timestamp': String(Math.floor(now() / 1000)),
        },
        body: delivery.body,
      });
      await response.body.dump();
      return response.statusCode >= 200 && response.statusCode < 300 ? null : `HTTP ${response.statusCode}`;
    } catch (error) {
      return signal.aborted ? 'timed out or cancelled' : error instanceof Error ? error.message : String(error);
    }
  }

  function attempt(delivery: Delivery): void {
    delivery.retryTimer = null;
    if (closed) return;
    delivery.attempts += 1;
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), timeoutMs);
    const entry = {
      abort,
      done: post(delivery, abort.signal).then((failure) => {
        clearTimeout(timeout);
        inFlight.delete(entry);
        settle(delivery, failure);
      }),
    };
    inFlight.add(entry);
  }

  function settle(delivery: Delivery, failure: string | null): void {
    const where = describeUrl(delivery.target.url);
    if (failure === null) {
      active.delete(delivery);
      log(`webhook ${delivery.id} delivered to ${where} on attempt ${delivery.attempts}`);
      return;
    }
    if (closed) return;
    if (delivery.attempts >= maxAttempts) {
      active.delete(delivery);
      log(`webhook ${delivery.id} to ${where} given up after ${delivery.attempts} attempts: ${failure}`);
      return;
    }
    const delay = retryDelay(delivery.attempts);
    log(`webhook ${delivery.id} to ${where} attempt ${delivery.attempts} failed (${failure}); retry in ${delay} ms`);
    delivery.retryTimer = setTimeout(() => attempt(delivery), delay);
  }

  return {
    deliver(target, event) {
      if (closed) {
        log('webhook delivery is closed; event dropped');
        return;
      }
      if (!isHttpUrl(target.url)) {
        log(`webhook target ${describeUrl(target.url)} is not an http(s) URL; event dropped`);
        return;
      }
      // The body is serialised once so every attempt (and its signature) carries identical bytes.
      const delivery: Delivery = {
        id: newEventId(),
        target,
        body: Buffer.from(JSON.stringify(event), 'utf8'),
        attempts: 0,
        retryTimer: null,
      };
      active.add(delivery);
      attempt(delivery);
    },
    pending() {
      return active.size;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const delivery of active) {
        if (delivery.retryTimer !== null) clearTimeout(delivery.retryTimer);
      }
      active.clear();
      const running = [...inFlight];
      for (const entry of running) entry.abort.abort();
      await Promise.all(running.map((entry) => entry.done));
      await agent.close();
    },
  };
}
