/** Real-HTTP calls against a running sandbox for the sandbox's integration tests (bounded by timeouts). */
import type { RunningSandbox } from '../../../sandbox/server';
import { validInvoiceRequest } from '../../support/invoice-body';

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body; undefined when the body is not JSON. */
  json: any;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent verbatim (for malformed JSON tests); implies Content-Type application/json unless headers say otherwise. */
  rawBody?: string;
  headers?: Record<string, string>;
}

const REQUEST_TIMEOUT_MS = 10_000;

export async function call(base: string, method: string, path: string, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, opts.headers);
  const response = await fetch(base + path, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export async function tokenFor(sb: RunningSandbox): Promise<string> {
  const res = await call(sb.baseUrl, 'POST', '/v1/oauth/token', {
    body: { grant_type: 'client_credentials', client_id: sb.clientId, client_secret: sb.clientSecret },
  });
  if (res.status !== 200) throw new Error(`token call failed: ${res.status} ${res.text}`);
  return res.json.access_token as string;
}

export async function rangesOf(sb: RunningSandbox, token: string): Promise<any[]> {
  const res = await call(sb.baseUrl, 'GET', '/v1/numbering-ranges', { token });
  return res.json.data as any[];
}

export async function currentInvoiceRangeId(sb: RunningSandbox, token: string): Promise<string> {
  const range = (await rangesOf(sb, token)).find((r) => r.document_type === 'INVOICE' && r.is_active === true);
  if (!range) throw new Error('no current INVOICE range');
  return range.id as string;
}

/** A valid invoice request for the consumidor final: 2 × 1000 with 10 % discount and IVA 19 %. */
export function invoiceBody(rangeId: string, referenceCode: string): Record<string, any> {
  return validInvoiceRequest(rangeId, referenceCode);
}

/** Polls a document until `done` holds; bounded number of polls, then fails with the last state seen. */
export async function pollDocument(sb: RunningSandbox, token: string, id: string, done: (doc: any) => boolean): Promise<any> {
  let last: any;
  for (let i = 0; i < 400; i++) {
    const res = await call(sb.baseUrl, 'GET', `/v1/documents/${id}`, { token });
    last = res.json;
    if (res.status === 200 && done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`document ${id} never reached the expected state; last: ${JSON.stringify(last)}`);
}
