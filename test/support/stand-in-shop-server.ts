/**
 * A stand-in for the shop server (issue 20), for the till's tests until the real one (server/) is switched in: a
 * real HTTP or HTTPS server on 127.0.0.1 speaking shared/shop/contract.ts, in memory. It checks what the real one
 * must: bodies against the contract's schemas (400 with the field), pairing by proof of the code over the
 * certificate it shows, signed requests (unknown till, bad signature, stale time, replayed nonce), compare-and-set
 * on versions for commands, sales kept once per reference code at their highest revision.
 */
import { createHash, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import {
  SHOP_LIMITS, changesQuerySchema, commandBatchSchema, heldSalesQuerySchema, pairRequestSchema, salesAuditSchema, salesBatchSchema,
  shiftsBatchSchema, shopSettingsPushSchema, shopUploadSchema,
  signingString, type Change, type PushedSale,
} from '../../shared/shop/contract';
import { certificateFingerprint } from '../../electron/core/shop/pinned-transport';
import { shopDateOf } from '../../shared/shop/shop-day';

export interface StandInOptions {
  /** PEM key and certificate for HTTPS; without them plain HTTP on 127.0.0.1 ("loopback"). */
  tls?: { key: string; cert: string };
  shopName?: string;
}

interface Till { tillId: string; number: number; name: string; publicKey: string; revoked: boolean; version: number }
interface Record_ { kind: Change['kind']; key: string; data: Record<string, unknown>; version: number }

export interface StandInShopServer {
  url: string;
  fingerprint: string;
  shopId: string;
  /** A fresh one-time pairing code, as the owner would read it off the server's screen. */
  openPairing(): string;
  tills: Map<string, Till>;
  sales: Map<string, PushedSale>;
  /** Every sale push the server stored (reference code and revision), in order: duplicates show here. */
  salesLog: Array<{ referenceCode: string; revision: number }>;
  /** Every sale any push carried, stored or not (a resend shows here, not in salesLog). */
  salesReceived: Array<{ referenceCode: string; revision: number }>;
  /** Every digest comparison a till asked for (issue 25). */
  audits: Array<z.output<typeof salesAuditSchema>>;
  shifts: Map<string, unknown>;
  /** A change made at the server (the owner's back office): a new version and seq. */
  put(kind: Change['kind'], key: string, data: Record<string, unknown>): number;
  current(kind: Change['kind'], key: string): Record_ | undefined;
  feed: Array<Change>;
  refusals: string[];
  /** Requests that reached the HTTP layer (a refused TLS handshake never does). */
  requests: number;
  /** Fault injection: the next sales batch is stored, then the connection is cut before the answer. */
  cutAfterStoringNextSales(): void;
  /** While true every request is answered 503 (the server "away" without closing the port). */
  away: boolean;
  /** The server goes away as a real outage looks: open connections (a waiting long-poll) drop, new requests get 503. */
  goAway(): void;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const hex32 = () => randomBytes(16).toString('hex');

export async function startStandInShopServer(opts: StandInOptions = {}): Promise<StandInShopServer> {
  const shopId = hex32();
  const fingerprint = opts.tls
    ? certificateFingerprint(Buffer.from(opts.tls.cert.replace(/-----[^-]+-----|\s/g, ''), 'base64'))
    : 'loopback';
  const codes = new Set<string>();
  const tills = new Map<string, Till>();
  const records = new Map<string, Record_>();
  const feed: Change[] = [];
  const decided = new Map<string, { id: string; outcome: string; version: number | null; reason?: string }>();
  const sales = new Map<string, PushedSale>();
  const salesLog: Array<{ referenceCode: string; revision: number }> = [];
  const salesReceived: Array<{ referenceCode: string; revision: number }> = [];
  const audits: StandInShopServer['audits'] = [];
  const shifts = new Map<string, unknown>();
  const nonces = new Set<string>();
  const refusals: string[] = [];
  const waiters = new Set<() => void>();
  let seq = 0;
  let cutSales = false;
  let uploadId: string | null = null;

  function put(kind: Change['kind'], key: string, data: Record<string, unknown>): number {
    const id = `${kind}:${key}`;
    const version = (records.get(id)?.version ?? 0) + 1;
    records.set(id, { kind, key, data, version });
    seq += 1;
    feed.push({ seq, kind, key, data: { ...data, version } } as Change);
    for (const wake of [...waiters]) wake();
    return version;
  }

  function checkAuth(req: http.IncomingMessage, path: string, body: string): Till | string {
    const header = req.headers.authorization ?? '';
    if (!header) return 'missing';
    const m = /^Mostrador till=([0-9a-f]{32}), ts=(\d+), nonce=([A-Za-z0-9_-]{22}), sig=([A-Za-z0-9_-]+)$/.exec(header);
    if (!m) return 'malformed';
    const [, tillId, ts, nonce, sig] = m as unknown as [string, string, string, string, string];
    const till = tills.get(tillId);
    if (!till) return 'unknown_till';
    if (till.revoked) return 'revoked';
    const signed = signingString(req.method ?? 'GET', path, Number(ts), nonce, createHash('sha256').update(body).digest('hex'));
    const key = createPublicKey({ key: Buffer.from(till.publicKey, 'base64url'), format: 'der', type: 'spki' });
    if (!verify(null, Buffer.from(signed), key, Buffer.from(sig, 'base64url'))) return 'bad_signature';
    if (Math.abs(Date.now() - Number(ts)) > SHOP_LIMITS.signatureSkewMs) return 'stale';
    if (nonces.has(nonce)) return 'replayed';
    nonces.add(nonce);
    return till;
  }

  function invalid(res: http.ServerResponse, error: z.ZodError) {
    json(res, 400, { error: { code: 'invalid_request', problems: error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) } });
  }

  const masterDataCount = () => [...records.values()].filter((r) => r.kind !== 'till').length;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = `${url.pathname}${url.search}`;
    if (server.away) return json(res, 503, { error: { code: 'unavailable' } });
    if (url.pathname === '/v1/health') return json(res, 200, { ok: true, shopId });
    const parseBody = () => JSON.parse(body || 'null') as unknown;
    if (url.pathname === '/v1/pair' && req.method === 'POST') {
      const parsed = pairRequestSchema.safeParse(parseBody());
      if (!parsed.success) return invalid(res, parsed.error);
      const code = [...codes].find((c) => createHmac('sha256', c).update(`${fingerprint}\n${parsed.data.publicKey}`).digest('base64url') === parsed.data.proof);
      if (!code) {
        refusals.push('pairing_refused');
        return json(res, 403, { error: { code: 'pairing_refused' } });
      }
      codes.delete(code);
      const number = tills.size + 1;
      const till: Till = { tillId: hex32(), number, name: parsed.data.tillName ?? `Caja ${number}`, publicKey: parsed.data.publicKey, revoked: false, version: 1 };
      tills.set(till.tillId, till);
      put('till', till.tillId, { tillId: till.tillId, number: till.number, name: till.name, revoked: false });
      return json(res, 200, { tillId: till.tillId, tillNumber: till.number, tillName: till.name, shopId, shopName: opts.shopName ?? 'Tienda de prueba', certFingerprint: fingerprint, cursor: 0 });
    }
    const auth = checkAuth(req, path, body);
    if (typeof auth === 'string') {
      refusals.push(auth);
      return json(res, 401, { error: { code: 'unauthorized', reason: auth } });
    }
    if (url.pathname === '/v1/changes' && req.method === 'GET') {
      const parsed = changesQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success) return invalid(res, parsed.error);
      const { since, wait = 0 } = parsed.data;
      if (seq <= since && wait > 0) {
        await new Promise<void>((resolve) => {
          const wake = () => { waiters.delete(wake); clearTimeout(timer); resolve(); };
          const timer = setTimeout(wake, wait * 1000);
          waiters.add(wake);
          res.on('close', wake);
        });
      }
      const page = feed.filter((c) => c.seq > since).slice(0, SHOP_LIMITS.changesPerPage);
      const more = feed.filter((c) => c.seq > since).length > page.length;
      return json(res, 200, { changes: page, cursor: page.at(-1)?.seq ?? since, more });
    }
    if (url.pathname === '/v1/commands' && req.method === 'POST') {
      const parsed = commandBatchSchema.safeParse(parseBody());
      if (!parsed.success) return invalid(res, parsed.error);
      const results = parsed.data.commands.map((c) => {
        const known = decided.get(c.id);
        if (known) return known;
        const kind = c.kind === 'product.save' ? 'product' : c.kind === 'customer.save' ? 'customer' : 'person';
        const data = c.data as Record<string, unknown>;
        const key = kind === 'product' ? String(data.code) : kind === 'customer' ? `${String(data.identification_type)}:${String(data.identification)}` : String(data.key);
        const current = records.get(`${kind}:${key}`);
        const result = (current?.version ?? null) === c.baseVersion
          ? { id: c.id, outcome: 'applied', version: put(kind, key, kind === 'customer' ? { customer: data } : data) }
          : { id: c.id, outcome: 'conflict', version: current?.version ?? null, reason: 'version_changed' };
        decided.set(c.id, result);
        return result;
      });
      return json(res, 200, { results });
    }
    if (url.pathname === '/v1/settings' && req.method === 'POST') {
      const parsed = shopSettingsPushSchema.safeParse(parseBody());
      if (!parsed.success) return invalid(res, parsed.error);
      const results = parsed.data.settings.map(({ key, value }) => {
        const current = records.get(`setting:${key}`);
        const version = current && current.data.value === value ? current.version : put('setting', key, { key, value });
        return { key, version };
      });
      return json(res, 200, { results });
    }
    if (url.pathname === '/v1/sales' && req.method === 'POST') {
      const parsed = salesBatchSchema.safeParse(parseBody());
      if (!parsed.success) return invalid(res, parsed.error);
      let stored = 0;
      for (const sale of parsed.data.sales) {
        const key = `${auth.tillId}:${sale.referenceCode}`;
        salesReceived.push({ referenceCode: sale.referenceCode, revision: sale.revision });
        if ((sales.get(key)?.revision ?? 0) >= sale.revision) continue;
        sales.set(key, sale);
        salesLog.push({ referenceCode: sale.referenceCode, revision: sale.revision });
        stored += 1;
      }
      if (cutSales) {
        cutSales = false;
        res.socket?.destroy();
        return;
      }
      return json(res, 200, { stored, unchanged: parsed.data.sales.length - stored });
    }
    if (url.pathname === '/v1/sales/audit' && req.method === 'POST') {
      // Issue 25's digests, as the real server computes them: per shop day of the asking till, count and Σ revision.
      const parsed = salesAuditSchema.safeParse(parseBody());
      if (!parsed.success) return invalid(res, parsed.error);
      const held = new Map<string, { count: number; revisions: number }>();
      for (const [key, sale] of sales) {
        if (!key.startsWith(`${auth.tillId}:`)) continue;
        const day = shopDateOf(sale.createdAt);
        const d = held.get(day) ?? { count: 0, revisions: 0 };
        held.set(day, { count: d.count + 1, revisions: d.revisions + sale.revision });
      }
      audits.push(parsed.data);
      const differing = parsed.data.days.flatMap((d) => {
        const h = held.get(d.day) ?? { count: 0, revisions: 0 };
        return h.count === d.count && h.revisions === d.revisions ? [] : [{ day: d.day, ...h }];
      });
      if (!parsed.data.shifts) return json(res, 200, { differing });
      return json(res, 200, { differing, missingShifts: parsed.data.shifts.filter((id) => !shifts.has(`${auth.tillId}:${id}`)) });
    }
    if (url.pathname === '/v1/sales/held' && req.method === 'POST') {
      const parsed = heldSalesQuerySchema.safeParse(parseBody());
      if (!parsed.success) return invalid(res, parsed.error);
      const list = [...sales].filter(([key, sale]) => key.startsWith(`${auth.tillId}:`) && shopDateOf(sale.createdAt) === parsed.data.day)
        .map(([, sale]) => ({ referenceCode: sale.referenceCode, revision: sale.revision }))
        .sort((a, b) => (a.referenceCode < b.referenceCode ? -1 : 1));
      return json(res, 200, { sales: list, more: false });
    }
    if (url.pathname === '/v1/shifts' && req.method === 'POST') {
      const parsed = shiftsBatchSchema.safeParse(parseBody());
      if (!parsed.success) return invalid(res, parsed.error);
      let stored = 0;
      for (const shift of parsed.data.shifts) {
        const key = `${auth.tillId}:${shift.shiftId}`;
        if (shifts.has(key)) continue;
        shifts.set(key, shift);
        stored += 1;
      }
      return json(res, 200, { stored, unchanged: parsed.data.shifts.length - stored });
    }
    if (url.pathname === '/v1/shop/upload' && req.method === 'POST') {
      const parsed = shopUploadSchema.safeParse(parseBody());
      if (!parsed.success) return invalid(res, parsed.error);
      const b = parsed.data;
      if (uploadId !== b.uploadId && masterDataCount() > 0) return json(res, 409, { error: { code: 'shop_not_empty' } });
      uploadId = b.uploadId;
      for (const p of b.products) put('product', p.code, p);
      for (const c of b.customers) put('customer', `${c.identification_type}:${c.identification}`, { customer: c });
      for (const p of b.people) put('person', p.key, p);
      for (const s of b.settings) put('setting', s.key, s);
      return json(res, 200, { stored: b.products.length + b.customers.length + b.people.length + b.settings.length, cursor: seq });
    }
    return json(res, 404, { error: { code: 'not_found' } });
  }

  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    server.requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => json(res, 500, { error: { code: 'internal', message: String(error) } }));
    });
  };
  const raw = opts.tls ? https.createServer({ key: opts.tls.key, cert: opts.tls.cert }, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  const port = (raw.address() as AddressInfo).port;

  const server: StandInShopServer = {
    url: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    fingerprint, shopId, tills, sales, salesLog, salesReceived, audits, shifts, feed, refusals, put,
    current: (kind, key) => records.get(`${kind}:${key}`),
    away: false,
    requests: 0,
    openPairing() {
      const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
      const code = Array.from(randomBytes(10), (b) => alphabet[b % 32]).join('');
      codes.add(code);
      return `${code.slice(0, 5)}-${code.slice(5)}`;
    },
    goAway() {
      server.away = true;
      for (const wake of [...waiters]) wake();
      raw.closeAllConnections();
    },
    cutAfterStoringNextSales() {
      cutSales = true;
    },
    close: () => new Promise<void>((resolve) => {
      for (const wake of [...waiters]) wake();
      raw.closeAllConnections();
      raw.close(() => resolve());
    }),
  };
  return server;
}
