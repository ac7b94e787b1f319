/**
 * HTTP transport for the invoicing service: one undici Agent, a connect timeout, a total timeout per request,
 * JSON bodies sent as the exact string given. Network failures become ApiErrors that say whether the request
 * may have reached the service (`ambiguous`), which is what decides if a retry could duplicate an invoice.
 */
import { Agent, request } from 'undici';
import { ApiError } from './errors';

export type HttpMethod = 'GET' | 'POST';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers?: Record<string, string>;
  /** Sent byte for byte; never re-serialised. */
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  bodyText: string;
  /** The parsed body, or `undefined` when the body is empty or not JSON. */
  json: unknown;
}

export interface HttpClient {
  send(req: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

export interface HttpTimeouts {
  connectMs: number;
  totalMs: number;
}

export function createHttpClient(timeouts: HttpTimeouts): HttpClient {
  const agent = new Agent({
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.totalMs,
    bodyTimeout: timeouts.totalMs,
  });

  async function send(req: HttpRequest): Promise<HttpResponse> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeouts.totalMs);
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    try {
      let res;
      try {
        res = await request(req.url, {
          dispatcher: agent,
          method: req.method,
          headers,
          body: req.body,
          signal: controller.signal,
        });
      } catch (error) {
        throw networkFailure(error, controller.signal.aborted);
      }
      let bodyText: string;
      try {
        bodyText = await res.body.text();
      } catch (error) {
        // Headers arrived, the body did not: the service has certainly seen the request.
        throw networkFailure(error, controller.signal.aborted, true);
      }
      return { status: res.statusCode, headers: flattenHeaders(res.headers), bodyText, json: parseJson(bodyText) };
    } finally {
      clearTimeout(timer);
    }
  }

  return { send, close: () => agent.close() };
}

/** Error codes that mean no byte of the request left this machine, so nothing can have happened on the service. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED', // our agent was closed before this request could be sent
]);

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * Classifies a transport failure. Anything not known to happen before sending is treated as ambiguous:
 * wrongly calling a failure "not sent" could make the caller give up on an invoice that exists.
 */
export function networkFailure(error: unknown, abortedByTimeout: boolean, afterHeaders = false): ApiError {
  const codes = errorCodes(error);
  if (!afterHeaders && !abortedByTimeout && codes.length > 0 && codes.every((c) => NOT_SENT_CODES.has(c))) {
    return new ApiError({
      kind: 'transient',
      code: 'NETWORK',
      message: 'Could not connect to the invoicing service',
      details: codes,
      ambiguous: false,
      cause: error,
    });
  }
  if (abortedByTimeout || codes.some((c) => TIMEOUT_CODES.has(c))) {
    return new ApiError({
      kind: 'transient',
      code: 'TIMEOUT',
      message: 'The invoicing service did not answer in time',
      details: codes,
      ambiguous: true,
      cause: error,
    });
  }
  return new ApiError({
    kind: 'transient',
    code: 'CONNECTION_LOST',
    message: 'The connection to the invoicing service was lost before its answer arrived',
    details: codes,
    ambiguous: true,
    cause: error,
  });
}

/** Collects `code`s from an error, its causes and an AggregateError's members (Node reports refused IPv4+IPv6 that way). */
export function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 4 || typeof error !== 'object' || error === null) return [];
  const found: string[] = [];
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof record.code === 'string') found.push(record.code);
  if (Array.isArray(record.errors)) for (const inner of record.errors) found.push(...errorCodes(inner, depth + 1));
  if (found.length === 0 && record.cause !== undefined) found.push(...errorCodes(record.cause, depth + 1));
  return [...new Set(found)];
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
