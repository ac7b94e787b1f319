/** The sandbox's route table: the /v1 API of the spec plus the /sandbox/* tooling routes. */
import { readCounters, resetCounters, type SandboxDb } from './db';
import type { SignedUbl } from './document-ubl';
import { findDocument, type DocumentRow } from './documents-store';
import type { TokenService } from './auth';
import type { Faults } from './faults';
import { failure, json, type Reply } from './http-io';
import { createInvoice, getDocument, listClientDocuments, type InvoiceDeps } from './invoices';
import { listRanges, rangeToWire } from './numbering-ranges';
import type { Route } from './router';
import type { ArrivalLog } from './rate-limit';
import type { Webhooks } from './webhooks';

export interface RouteDeps {
  db: SandboxDb;
  now: () => number;
  tokens: TokenService;
  invoices: InvoiceDeps;
  webhooks: Webhooks;
  /** Null when fault injection is off: its routes then do not exist (404). */
  faults: Faults | null;
  /** Every request the rate limit counted; present with faults. */
  arrivals?: ArrivalLog | null;
  /** A document's signed UBL, made when first asked for (document-ubl.ts). */
  signedUbl: SignedUbl;
}

const REQUEST_COUNTER = 'request:';

function clientOf(clientId: string | null): string {
  // The server only calls bearer routes with an authenticated client; this guards the type, not a real case.
  if (clientId === null) throw new Error('bearer route reached without a client');
  return clientId;
}

/** A document of this client, or the 404 reply. */
function ownDocument(db: SandboxDb, clientId: string, id: string): DocumentRow | Reply {
  const row = findDocument(db, id);
  return row && row.client_id === clientId ? row : failure(404, 'NOT_FOUND', `document ${id} not found`);
}

function counters(db: SandboxDb): Reply {
  const all = readCounters(db);
  const requests: Record<string, number> = {};
  for (const [name, value] of all) if (name.startsWith(REQUEST_COUNTER)) requests[name.slice(REQUEST_COUNTER.length)] = value;
  const get = (name: string) => all.get(name) ?? 0;
  return json(200, {
    requests,
    tokens_issued: get('tokens_issued'),
    documents: get('documents'),
    numbers_consumed: get('numbers_consumed'),
    http_429: get('http_429'),
  });
}

export function requestCounterName(method: string, pattern: string): string {
  return `${REQUEST_COUNTER}${method} ${pattern}`;
}

export function buildRoutes(deps: RouteDeps): Route[] {
  const { db } = deps;
  const routes: Route[] = [
    { method: 'POST', pattern: '/v1/oauth/token', auth: 'none', body: true, handle: (ctx) => deps.tokens.issue(ctx.body) },
    {
      method: 'GET', pattern: '/v1/numbering-ranges', auth: 'bearer',
      handle: () => json(200, { data: listRanges(db).map((r) => rangeToWire(r, deps.now())) }),
    },
    { method: 'POST', pattern: '/v1/invoices', auth: 'bearer', body: true, handle: (ctx) => createInvoice(deps.invoices, clientOf(ctx.clientId), ctx.body) },
    { method: 'GET', pattern: '/v1/documents', auth: 'bearer', handle: (ctx) => listClientDocuments(db, clientOf(ctx.clientId), ctx.query) },
    { method: 'GET', pattern: '/v1/documents/{id}', auth: 'bearer', handle: (ctx) => getDocument(db, clientOf(ctx.clientId), ctx.params.id ?? '') },

    { method: 'GET', pattern: '/sandbox/health', auth: 'none', handle: () => json(200, { status: 'ok' }) },
    {
      method: 'GET', pattern: '/sandbox/documents/{id}/ubl', auth: 'bearer',
      handle(ctx) {
        const row = ownDocument(db, clientOf(ctx.clientId), ctx.params.id ?? '');
        if (!('id' in row)) return row;
        const signed = deps.signedUbl(row);
        if (signed === null) return failure(409, 'NOT_READY', `document ${row.id} has not been signed yet`);
        return { status: 200, body: signed, contentType: 'application/xml; charset=utf-8' };
      },
    },
    {
      method: 'GET', pattern: '/sandbox/documents/{id}/totals', auth: 'bearer',
      handle(ctx) {
        const row = ownDocument(db, clientOf(ctx.clientId), ctx.params.id ?? '');
        return 'id' in row ? json(200, JSON.parse(row.totals_json)) : row;
      },
    },
    { method: 'POST', pattern: '/sandbox/webhooks', auth: 'bearer', body: true, handle: (ctx) => deps.webhooks.register(clientOf(ctx.clientId), ctx.body) },
  ];
  const faults = deps.faults;
  if (faults) {
    routes.push(
      { method: 'POST', pattern: '/sandbox/faults', auth: 'bearer', body: true, handle: (ctx) => faults.configure(ctx.body) },
      {
        method: 'POST', pattern: '/sandbox/tokens/revoke', auth: 'bearer',
        handle() {
          deps.tokens.revokeAll();
          return json(200, { revoked: true });
        },
      },
      { method: 'GET', pattern: '/sandbox/counters', auth: 'bearer', handle: () => counters(db) },
      {
        // No bearer: fetching a token would itself be an arrival in the log being read.
        method: 'GET', pattern: '/sandbox/arrivals', auth: 'none',
        handle: () => json(200, { arrivals: deps.arrivals?.list() ?? [] }),
      },
      {
        method: 'POST', pattern: '/sandbox/counters/reset', auth: 'bearer',
        handle() {
          resetCounters(db);
          return counters(db);
        },
      },
    );
  }
  return routes;
}
