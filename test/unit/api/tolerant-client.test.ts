/**
 * The whole client against a scripted service (real HTTP on 127.0.0.1) that answers the way other providers do
 * where the spec says "not shown": other collection shapes, other success codes, other error shapes.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createInvoicingApi, type InvoicingApi } from '../../../common/invoicing/invoicing-api';
import { isRangeRejection, resolveNumberingRange } from '../../../common/invoicing/range-selection';
import { reply, startScriptedServer, type RecordedRequest, type ScriptedServer } from './scripted-server';
import { failureOf } from '../../support/api-failure';

let server: ScriptedServer | null = null;
let api: InvoicingApi | null = null;

afterEach(async () => {
  await api?.close();
  await server?.close();
  api = null;
  server = null;
});

const NOW = Date.parse('2025-06-15T15:00:00Z');
const doc = (id: string, status = 'QUEUED', extra: Record<string, unknown> = {}) => ({ id, status, reference_code: `R-${id}`, ...extra });

/** A provider whose token endpoint works and whose other routes answer with `route`. */
async function provider(route: (req: RecordedRequest, res: ServerResponse) => void): Promise<InvoicingApi> {
  let tokens = 0;
  server = await startScriptedServer((req, res) => {
    if (req.url === '/v1/oauth/token') return reply(res, 200, { access_token: `tok-${++tokens}`, token_type: 'Bearer', expires_in: 3600 });
    route(req, res);
  });
  api = createInvoicingApi({
    baseUrl: server.baseUrl,
    clientId: 'fc_test',
    getClientSecret: async () => 'secret',
    retry: { maxAttempts: 3, baseMs: 1, capMs: 5, maxElapsedMs: 5_000 },
    now: () => NOW,
  });
  return api;
}

const resourceRequests = () => (server?.requests ?? []).filter((r) => r.url !== '/v1/oauth/token');


describe('tolerant client (scripted provider, real HTTP on 127.0.0.1)', () => {
  it('reads a document list given as a bare array and skips entries it cannot track', async () => {
    const client = await provider((_req, res) => reply(res, 200, [doc('a'), { status: 'QUEUED' }, doc('b', 'VALIDATED')]));
    const list = await client.listDocuments();
    expect(list.documents.map((d) => d.id)).toEqual(['a', 'b']);
    expect(list.page).toBeNull();
  });

  it('reads a doubly wrapped paged list and sends the query parameters', async () => {
    const client = await provider((_req, res) =>
      reply(res, 200, { data: { data: [doc('a')], pagination: { current_page: 2, per_page: 1, total: 5 } } }),
    );
    const list = await client.listDocuments({ page: 2, perPage: 1, status: 'VALIDATED', referenceCode: 'R-a' });
    expect(list.documents.map((d) => d.id)).toEqual(['a']);
    expect(list.page).toEqual({ page: 2, per_page: 1, total: 5, total_pages: 5 });
    expect(resourceRequests()[0]?.url).toBe('/v1/documents?page=2&per_page=1&status=VALIDATED&reference_code=R-a');
  });

  it('accepts a 202 with a wrapped document, an unknown status and extra fields, and sends the body unchanged', async () => {
    const client = await provider((_req, res) => reply(res, 202, { data: doc('x', 'EN_PROCESO_DIAN', { provider_ref: 77 }) }));
    const body = '{"reference_code":"R-x","numbering_range_id":"n","customer":{},"items":[],"payment":{}}';
    const created = await client.createInvoice(body);
    expect(created).toMatchObject({ id: 'x', status: 'EN_PROCESO_DIAN' });
    expect(created.raw.provider_ref).toBe(77);
    expect(resourceRequests()[0]).toMatchObject({ method: 'POST', url: '/v1/invoices', body });
    expect(resourceRequests()[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('a 401 on a call renews the token once; a second 401 is an auth error', async () => {
    const client = await provider((_req, res) => reply(res, 401, { code: 'UNAUTHORIZED', message: 'token expired' }));
    const error = await failureOf(client.getDocument('abc'));
    expect(error).toMatchObject({ kind: 'auth', message: 'token expired' });
    expect(resourceRequests().map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(client.stats()).toMatchObject({ tokenRequests: 2, requests: 4, retries: 0 });
  });

  it('once any attempt of a create was ambiguous, the final failure says so, and every attempt sent the same bytes', async () => {
    let attempt = 0;
    const client = await provider((_req, res) => {
      attempt++;
      if (attempt === 1) return res.socket?.destroy();
      reply(res, 503, { code: 'SERVICE_UNAVAILABLE', message: 'down for maintenance' });
    });
    const body = '{"reference_code":"R-amb"}';
    const error = await failureOf(client.createInvoice(body));
    expect(error).toMatchObject({ kind: 'transient', status: 503, ambiguous: true, message: 'down for maintenance' });
    expect(resourceRequests().map((r) => r.body)).toEqual([body, body, body]);
  });

  it('a refusal naming the numbering range in an errors map is flagged RANGE_INVALID', async () => {
    const client = await provider((_req, res) =>
      reply(res, 422, { message: 'The given data was invalid.', errors: { numbering_range_id: ['The range is expired.'] } }),
    );
    const error = await failureOf(client.createInvoice('{}'));
    expect(error).toMatchObject({ kind: 'permanent', code: 'RANGE_INVALID', status: 422 });
    expect(error.details).toEqual(['numbering_range_id: The range is expired.']);
  });

  it('a refusal listing the range among other problems is not a range problem (a new range would not fix it)', async () => {
    const client = await provider((_req, res) =>
      reply(res, 400, {
        code: 'VALIDATION',
        message: 'invalid request',
        errors: [
          { field: 'numbering_range_id', message: 'unknown' },
          { field: 'items.0.price', message: 'must be 0 or greater' },
        ],
      }),
    );
    const error = await failureOf(client.createInvoice('{}'));
    expect(error.code).toBe('VALIDATION');
    expect(isRangeRejection(error)).toBe(false);
  });

  it('ranges with an inverted is_expired flag: the one current invoice range is chosen', async () => {
    const client = await provider((_req, res) =>
      reply(res, 200, [
        { id: 'old', document_type: 'INVOICE', is_expired: true },
        { id: 'new', document_type: 'INVOICE', is_expired: false },
        { id: 'nc', document_type: 'CREDIT_NOTE', is_expired: false },
      ]),
    );
    expect(await resolveNumberingRange({ api: client, now: () => NOW })).toMatchObject({ ok: true, range: { id: 'new' } });
    // Told the chosen range was refused, nothing clear is left.
    const again = await resolveNumberingRange({ api: client, rejectedId: 'new', now: () => NOW });
    expect(again).toMatchObject({ ok: false, code: 'NO_RANGE' });
  });

  it('ranges without a clear validity sign need the user to choose, unless one is preferred in Settings', async () => {
    const client = await provider((_req, res) =>
      reply(res, 200, { items: [{ id: 'p1', document_type: 'INVOICE', current: 1042 }, { id: 'p2', document_type: 'invoice' }] }),
    );
    const open = await resolveNumberingRange({ api: client, now: () => NOW });
    expect(open).toMatchObject({ ok: false, code: 'RANGE_NEEDS_CHOICE' });
    expect(open.ok ? [] : open.candidates.map((r) => r.id)).toEqual(['p1', 'p2']);
    expect(await resolveNumberingRange({ api: client, preferredId: 'p2', now: () => NOW })).toMatchObject({ ok: true, range: { id: 'p2' } });
  });

  it('a list that is not a list at all is a contract error after the bounded retries', async () => {
    const client = await provider((_req, res) => reply(res, 200, { message: 'ok' }));
    const error = await failureOf(client.listNumberingRanges());
    expect(error).toMatchObject({ kind: 'contract', ambiguous: false });
    expect(client.stats().retries).toBe(2);
  });
});

describe('closing the client', () => {
  it('a call after close fails at once as CLOSED, without reaching the service', async () => {
    const client = await provider((_req, res) => reply(res, 200, [doc('a')]));
    await client.listDocuments();
    await client.close();
    const error = await failureOf(client.listDocuments());
    expect(error).toMatchObject({ kind: 'permanent', code: 'CLOSED', ambiguous: false });
    expect(resourceRequests()).toHaveLength(1);
  });
});
