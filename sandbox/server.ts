/** startSandbox: the local invoicing service (spec/invoicing-api.md) on node:http, 127.0.0.1 only. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createTokenService } from './auth';
import { bumpCounter, openSandboxDb } from './db';
import { createFaults } from './faults';
import { failure, readJsonBody, writeReply, type BodyResult, type Reply } from './http-io';
import type { InvoiceDeps } from './invoices';
import { seedNumberingRanges } from './numbering-ranges';
import { createUblSigner } from './document-ubl';
import { createPipeline } from './pipeline';
import { createArrivalLog, createRateLimiter } from './rate-limit';
import { matchRoute } from './router';
import { buildRoutes, requestCounterName } from './routes';
import { DEMO_SELLER } from './seller';
import { createWebhooks } from './webhooks';

export interface SandboxOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  validationDelayMs?: number;
  /** With it, each document takes a delay between validationDelayMs and this (a service of uneven speed). */
  validationDelayMaxMs?: number;
  rateLimit?: number;
  rateLimitWindowMs?: number;
  /** ':memory:' (default) or a file path; with a file, documents, counters and tokens survive a restart. */
  db?: string;
  tokenTtlSeconds?: number;
  faults?: boolean;
  /** Request log; lines never contain secrets, tokens or bodies. */
  log?: (line: string) => void;
  /** Injected clock (epoch ms) for tokens, rate limit, range validity and the validation delay. */
  now?: () => number;
  /** Injected randomness for fail_rate and webhook retry jitter. */
  random?: () => number;
  webhookMaxAttempts?: number;
  webhookBaseDelayMs?: number;
}

export interface RunningSandbox {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** What dispatch decided: a reply to write, or drop the connection without one (the reset fault). */
type Outcome = { kind: 'reply'; reply: Reply; malformed: boolean } | { kind: 'reset' };

// Cuts a JSON text in half so it cannot parse: the malformed_next fault.
const breakJson = (text: string) => text.slice(0, Math.max(1, Math.floor(text.length / 2)));

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const log = opts.log ?? (() => {});
  const clientId = opts.clientId ?? 'fc_demo';
  const clientSecret = opts.clientSecret ?? 's3cr3t';

  const db = openSandboxDb(opts.db ?? ':memory:');
  seedNumberingRanges(db, now());
  const faults = opts.faults ? createFaults({ random }) : null;
  const tokens = createTokenService(db, { clientId, clientSecret, ttlSeconds: opts.tokenTtlSeconds ?? 3600, now });
  const webhooks = createWebhooks(db, {
    now,
    random,
    log,
    ...(opts.webhookMaxAttempts !== undefined ? { maxAttempts: opts.webhookMaxAttempts } : {}),
    ...(opts.webhookBaseDelayMs !== undefined ? { baseDelayMs: opts.webhookBaseDelayMs } : {}),
  });
  const pipeline = createPipeline({
    db,
    now,
    validationDelayMs: opts.validationDelayMs ?? 2000,
    ...(opts.validationDelayMaxMs !== undefined ? { validationDelayMaxMs: opts.validationDelayMaxMs } : {}),
    seller: DEMO_SELLER,
    shouldReject: (reference) => faults?.shouldReject(reference) ?? false,
    statusChanged: (row) => webhooks.statusChanged(row),
    log,
  });
  const invoices: InvoiceDeps = { db, now, enqueue: (id) => pipeline.enqueue(id), statusChanged: (row) => webhooks.statusChanged(row) };
  // Only with faults, like every other test-only tool: the debug route reads it.
  const arrivals = opts.faults ? createArrivalLog() : null;
  const routes = buildRoutes({ db, now, tokens, invoices, webhooks, faults, arrivals, signedUbl: createUblSigner(db, DEMO_SELLER) });
  const limiter = createRateLimiter({ limit: opts.rateLimit ?? 300, windowMs: opts.rateLimitWindowMs ?? 60_000, now });

  let closed = false;
  const sleepers = new Set<() => void>();
  // A latency fault must not keep close() waiting: closing wakes every sleeper.
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  function tooMany(retryAfterSeconds: number): Reply {
    bumpCounter(db, 'http_429');
    return failure(429, 'RATE_LIMITED', `rate limit exceeded; retry after ${retryAfterSeconds} s`, [], {
      'Retry-After': String(retryAfterSeconds),
    });
  }

  function rateKey(req: IncomingMessage, authenticated: string | null, body: BodyResult | null): string {
    if (authenticated) return `client:${authenticated}`;
    // The token call counts against the client it asks for, so token-per-call clients hit their own limit.
    const asked = body?.ok ? (body.value as { client_id?: unknown } | null)?.client_id : undefined;
    if (typeof asked === 'string' && asked !== '') return `client:${asked}`;
    return `ip:${req.socket.remoteAddress ?? 'unknown'}`;
  }

  async function dispatch(req: IncomingMessage): Promise<Outcome> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const reply = (r: Reply): Outcome => ({ kind: 'reply', reply: r, malformed: false });
    const match = matchRoute(routes, method, url.pathname);
    if (match.kind === 'not-found') return reply(failure(404, 'NOT_FOUND', `no route for ${method} ${url.pathname}`));
    if (match.kind === 'method-not-allowed') {
      return reply(failure(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${url.pathname}`, [], { Allow: match.allow.join(', ') }));
    }
    const { route, params } = match;
    const api = route.pattern.startsWith('/v1/');
    if (api) bumpCounter(db, requestCounterName(method, route.pattern));
    if (api && faults) {
      const latency = faults.latencyMs();
      if (latency > 0) await sleep(latency);
      if (closed) return { kind: 'reset' };
      const intercepted = faults.interceptBeforeWork();
      if (intercepted) {
        if (intercepted.status === 429) bumpCounter(db, 'http_429');
        return reply(intercepted);
      }
    }
    const body = route.body ? await readJsonBody(req) : null;
    if (closed) return { kind: 'reset' };
    const authenticated = route.auth === 'bearer' ? tokens.authenticate(req.headers.authorization) : null;
    if (api) {
      const key = rateKey(req, authenticated, body);
      const decision = limiter.take(key);
      arrivals?.record({ at: now(), key, ok: decision.ok });
      if (!decision.ok) return reply(tooMany(decision.retryAfterSeconds));
    }
    if (route.auth === 'bearer' && authenticated === null) {
      return reply(failure(401, 'UNAUTHORIZED', 'a valid bearer token is required (missing, malformed, expired or revoked)'));
    }
    if (body && !body.ok) return reply(body.reply);
    const result = await route.handle({ req, params, query: url.searchParams, clientId: authenticated, body: body?.value });
    if (api && faults) {
      if (route.pattern === '/v1/invoices' && result.status < 300 && faults.takeResetAfterCommit()) return { kind: 'reset' };
      if (route.pattern === '/v1/invoices' && result.status < 300) {
        const failed = faults.takeFailAfterCommit();
        if (failed) return reply(failed);
      }
      if (faults.takeMalformed()) return { kind: 'reply', reply: { ...result, status: 200 }, malformed: true };
    }
    return reply(result);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    let outcome: Outcome;
    try {
      outcome = await dispatch(req);
    } catch (err) {
      log(`error: ${(err as Error).message}`);
      outcome = { kind: 'reply', reply: failure(500, 'INTERNAL', 'internal sandbox error'), malformed: false };
    }
    // Only method, path and status: never headers, bodies, query strings or tokens.
    const path = (req.url ?? '/').split('?')[0];
    const elapsed = Math.round(performance.now() - started);
    if (outcome.kind === 'reset') {
      log(`${req.method} ${path} -> connection reset (${elapsed} ms)`);
      req.socket.destroy();
      return;
    }
    writeReply(res, outcome.reply, outcome.malformed ? breakJson : undefined);
    log(`${req.method} ${path} -> ${outcome.reply.status}${outcome.malformed ? ' (malformed)' : ''} (${elapsed} ms)`);
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  pipeline.resume();
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | null = null;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    close() {
      closing ??= (async () => {
        closed = true;
        pipeline.close();
        for (const wake of [...sleepers]) wake();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await webhooks.close();
        db.close();
      })();
      return closing;
    },
  };
}
