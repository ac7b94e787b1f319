/**
 * The shop server's HTTP(S) front: routes of `shared/shop/contract.ts`, the owner's admin routes, and nothing else.
 * Off loopback it speaks only TLS with the certificate kept in the data folder (the till pins its fingerprint at
 * pairing); on 127.0.0.1 plain HTTP is allowed and the fingerprint is "loopback". Logs say method, path, status and
 * which till, never a body, a header or a code.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { pairRequestSchema, SERVER_TIME_HEADER, SHOP_LIMITS } from '../shared/shop/contract';
import { CONTRACT_HEADER, CONTRACT_REFUSED, CONTRACT_VERSION, contractVersionOf, sideToUpdate } from '../shared/shop/contract-version';
import type { Database } from './db/adapter';
import { BackOfficeSessions } from './back-office/sessions';
import { adminTokenMatches, handleAdmin, isSameMachine } from './http/admin-routes';
import { Authenticator } from './http/auth';
import { BACK_OFFICE_PREFIX, handleBackOffice, openSession, SESSION_PATH, type BackOfficeContext } from './http/back-office-routes';
import { ChangeNotifier } from './http/change-notifier';
import { linkProcesses } from './http/cross-process';
import { parseBody, readBody, refusal, reply, writeReply, type Reply } from './http/io';
import { SalesSignal } from './http/sales-signal';
import { TILL_ROUTES } from './http/till-routes';
import type { Till } from './store/tills';
import { pairingSource, plainAddress } from './pairing/attempts';
import { codeKeys } from './pairing/code-seal';
import { Pairing } from './pairing/pairing';
import { pruneNonces } from './store/nonces';
import { TillSeen } from './store/till-seen';
import { readShop } from './store/shop';
import { startConfirmer, type Confirmer, type ConfirmerOptions } from './confirm/confirmer';

export interface ShopServerOptions {
  db: Database;
  host: string;
  port: number;
  /** The certificate to speak TLS with; null: plain HTTP (loopback only). */
  tls: { key: string; cert: string; fingerprint: string } | null;
  adminToken: string;
  now?: () => number;
  log?: (line: string) => void;
  /**
   * Proxies in front of this server whose X-Forwarded-For is believed (the last address it names is the source a
   * wrong pairing proof is counted under). Empty, the default: the socket's own remote address, always.
   */
  trustedProxies?: readonly string[];
  /** A verified copy now (`POST /admin/backup`, the owner's `backup-now`); null when the server keeps no copies. */
  /**
   * The contract version this server speaks (shared/shop/contract-version.ts); tests only. 1 stands in for a server
   * from before issue 27: no version header, strict reading, no version refusal.
   */
  contractVersion?: number;
  /**
   * Issue 28: run this process's confirmation loop (server/confirm/confirmer.ts) with the service's secret from
   * `secrets` (the machine's keychain). Absent: this process does not confirm (tests of other parts).
   */
  confirmations?: Omit<ConfirmerOptions, 'db' | 'changed' | 'now' | 'log'>;
  /** The owner's webhook routes (/admin/webhooks…, server/webhooks/admin.ts); absent: 404 like any unknown route. */
  webhookAdmin?: (method: string, path: string, body: Buffer) => Promise<Reply>;
  backupNow?: () => Promise<{ ok: true; file: string; counts: Record<string, number> } | { ok: false; message: string } | null>;
}

export interface ShopServer {
  url: string;
  port: number;
  /** What tills pin: the certificate's SHA-256 (hex), or "loopback". */
  fingerprint: string;
  notifier: ChangeNotifier;
  pairing: Pairing;
  /** The back office's change signal (moves when tills push sales or shifts) and its sessions. */
  salesSignal: SalesSignal;
  sessions: BackOfficeSessions;
  /** The confirmation loop, when started with `confirmations` (its `heard` is the webhooks' hook). */
  confirmer: Confirmer | null;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host);
}

export async function startShopServer(options: ShopServerOptions): Promise<ShopServer> {
  const { db, adminToken } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.log(line));
  if (!options.tls && !isLoopbackHost(options.host)) throw new Error(`plain HTTP is allowed on loopback only, not on ${options.host}`);
  const fingerprint = options.tls?.fingerprint ?? 'loopback';
  const shop = await readShop(db);
  // Other server processes on the same PostgreSQL hear of this one's changes and pushes, and this one of theirs.
  const link = linkProcesses(db.notifications, log);
  const notifier = new ChangeNotifier(link.publishChanges);
  const pairing = new Pairing(db, now, await codeKeys(db, options.tls?.key ?? null, now()));
  const trustedProxies = new Set((options.trustedProxies ?? []).map(plainAddress));
  const auth = new Authenticator(db, now);
  const seen = new TillSeen(db, now);
  const salesSignal = new SalesSignal(db, link.publishSales);
  await link.start({ changes: () => notifier.wakeLocal(), sales: () => salesSignal.wakeLocal() });
  const sessions = new BackOfficeSessions(db, now);
  const backOffice: BackOfficeContext = { db, sessions, signal: salesSignal, now, notifier };
  const confirmer = options.confirmations
    ? startConfirmer({ ...options.confirmations, db, now, log, changed: () => notifier.changed() })
    : null;
  const contract = options.contractVersion ?? CONTRACT_VERSION;
  const versioned = contract > 1;

  /**
   * The till's contract version (its header; none: 1): a till too far from this server is told which side to update
   * (426), one newer is read tolerantly (its unknown fields ignored). Null: go on, with `tolerant` saying how to read.
   */
  function contractCheck(req: IncomingMessage, note: { reason?: string }): { refused: Reply } | { tolerant: boolean } {
    if (!versioned) return { tolerant: false };
    const theirs = contractVersionOf(req.headers[CONTRACT_HEADER.toLowerCase()]);
    if (theirs === null) return { refused: refusal(400, 'invalid_request', `the ${CONTRACT_HEADER} header must be a contract version (a whole number)`) };
    const update = sideToUpdate(contract, theirs, true);
    if (update) {
      note.reason = `contract ${theirs}`;
      return {
        refused: refusal(426, CONTRACT_REFUSED, update === 'server'
          ? `this till speaks contract version ${theirs}, newer than this server's ${contract}: update the shop server`
          : `this till speaks contract version ${theirs}, older than this server's ${contract}: update this till`, { update, server: contract, till: theirs }),
      };
    }
    return { tolerant: theirs > contract };
  }

  /** A till's signed request: the header, till and clock before the body; then the signature over it. */
  async function signedTill(req: IncomingMessage, method: string, note: { till?: number; reason?: string }): Promise<{ ok: true; till: Till; body: Buffer } | { ok: false; reply: Reply }> {
    const pre = await auth.precheck(req.headers.authorization);
    if (!pre.ok) return { ok: false, reply: unauthorized(pre.reason, note) };
    const body = await readBody(req, SHOP_LIMITS.maxBodyBytes);
    if (!body.ok) return body;
    const verified = await auth.verify(pre.value.signed, pre.value.till, method, req.url ?? '/', body.bytes);
    if (!verified.ok) return { ok: false, reply: unauthorized(verified.reason, note) };
    note.till = verified.value.number;
    seen.note(verified.value.id);
    return { ok: true, till: verified.value, body: body.bytes };
  }

  async function route(req: IncomingMessage, res: ServerResponse, note: { till?: number; reason?: string }): Promise<Reply> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://shop.invalid');
    const path = url.pathname;
    if (path === '/v1/health' && method === 'GET') return reply(200, { ok: true, shopId: shop.id });
    const version = path.startsWith('/v1/') ? contractCheck(req, note) : { tolerant: false };
    if ('refused' in version) return version.refused;
    if (path === '/v1/pair') {
      if (method !== 'POST') return refusal(405, 'method_not_allowed', 'use POST', {}, { Allow: 'POST' });
      const body = await readBody(req, SHOP_LIMITS.maxBodyBytes);
      if (!body.ok) return body.reply;
      const parsed = parseBody(body.bytes, pairRequestSchema, version.tolerant);
      if (!parsed.ok) return parsed.reply;
      const outcome = await pairing.pair(parsed.value, fingerprint, sourceOf(req, trustedProxies));
      if (outcome.ok) {
        notifier.changed();
        note.till = outcome.value.tillNumber;
        return reply(200, outcome.value);
      }
      note.reason = outcome.status === 400 ? 'bad_key' : outcome.code;
      if (outcome.status === 400) return refusal(400, 'invalid_request', outcome.message, { problems: [{ field: outcome.field, message: outcome.message }] });
      const headers = outcome.retryAfterSeconds ? { 'Retry-After': String(outcome.retryAfterSeconds) } : undefined;
      // The wait is in the body too (the till's client reads bodies, not headers), and whose doing it is.
      const extra = outcome.holder ? { holder: outcome.holder }
        : outcome.retryAfterSeconds ? { retryAfterSeconds: outcome.retryAfterSeconds, scope: outcome.scope } : {};
      return refusal(outcome.status, outcome.code, outcome.message, extra, headers);
    }
    if (path.startsWith('/admin/')) {
      if (!isSameMachine(req) || !adminTokenMatches(req, adminToken)) {
        note.reason = 'admin_refused';
        return refusal(403, 'forbidden', 'admin routes answer only on the server\'s machine, with its admin token');
      }
      const body = await readBody(req, SHOP_LIMITS.maxBodyBytes);
      if (!body.ok) return body.reply;
      if (path === '/admin/back-office/session' && method === 'POST') return openSession(backOffice, body.bytes);
      if (path === '/admin/backup' && method === 'POST') {
        const outcome = await options.backupNow?.() ?? null;
        if (!outcome) return refusal(409, 'no_backups', 'this server was started without --backup-dir: it keeps no copies');
        return outcome.ok ? reply(200, outcome) : refusal(500, 'backup_failed', outcome.message.slice(0, 300));
      }
      if (options.webhookAdmin && (path === '/admin/webhooks' || path.startsWith('/admin/webhooks/'))) return options.webhookAdmin(method, path, body.bytes);
      return handleAdmin({ db, notifier, pairing, now, adminToken }, method, path, body.bytes);
    }
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    if (path === SESSION_PATH && method === 'POST') {
      const signed = await signedTill(req, method, note);
      return signed.ok ? openSession(backOffice, signed.body) : signed.reply;
    }
    if (path.startsWith(BACK_OFFICE_PREFIX)) return handleBackOffice(backOffice, req, url, aborted.signal);
    const tillRoute = TILL_ROUTES[path];
    if (!tillRoute) return refusal(404, 'not_found', 'no such route');
    if (method !== tillRoute.method) return refusal(405, 'method_not_allowed', `use ${tillRoute.method}`, {}, { Allow: tillRoute.method });
    const signed = await signedTill(req, method, note);
    if (!signed.ok) return signed.reply;
    return tillRoute.handle({ db, notifier, salesSignal, now, ...(confirmer ? { confirmations: confirmer } : {}) }, { method, url, body: signed.body, till: signed.till, signal: aborted.signal, tolerant: version.tolerant });
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const note: { till?: number; reason?: string } = {};
    route(req, res, note)
      .catch((error: unknown) => {
        note.reason = `internal: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown'}`;
        return refusal(500, 'internal', 'the server could not answer; try again');
      })
      .then((r) => {
        // Every answer tells the server's clock, taken now (after a long-poll's wait): tills correct their own by it.
        // …and the contract version it speaks (contract-version.ts; a server before issue 27 sent none).
        writeReply(res, { ...r, headers: { ...r.headers, [SERVER_TIME_HEADER]: String(now()), ...(versioned ? { [CONTRACT_HEADER]: String(contract) } : {}) } });
        const path = (req.url ?? '/').split('?')[0];
        log(`${new Date(now()).toISOString()} ${req.method} ${path} ${r.status} ${Math.round(performance.now() - started)}ms`
          + `${note.till ? ` caja ${note.till}` : ''}${note.reason ? ` ${note.reason}` : ''}`);
      });
  };

  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, handler)
    : createHttpServer(handler);
  server.requestTimeout = (SHOP_LIMITS.maxWaitSeconds + 30) * 1000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
  } catch (error) {
    await confirmer?.close();
    await link.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const prune = setInterval(() => {
    pruneNonces(db, now(), 2 * SHOP_LIMITS.signatureSkewMs).catch(() => {});
    pairing.prune().catch(() => {});
    sessions.prune().catch(() => {});
  }, 60_000);
  prune.unref();
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`,
    port,
    fingerprint,
    notifier,
    pairing,
    salesSignal,
    sessions,
    confirmer,
    async close() {
      clearInterval(prune);
      await confirmer?.close();
      await link.close();
      notifier.wakeLocal();
      salesSignal.wakeLocal();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Where a request came from: the socket's address, or behind a configured proxy the last address it forwarded for. */
function sourceOf(req: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const direct = req.socket.remoteAddress;
  if (!trustedProxies.has(plainAddress(direct))) return pairingSource(direct);
  const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',').map((a) => a.trim()).filter(Boolean).at(-1);
  return pairingSource(forwarded ?? direct);
}

function unauthorized(reason: string, note: { reason?: string }): Reply {
  note.reason = reason;
  return refusal(401, 'unauthorized', `the request was refused: ${reason}`, { reason }, { 'WWW-Authenticate': 'Mostrador' });
}
