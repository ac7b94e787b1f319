import { isRecord, pick, readText, type JsonObject } from './loose-json';

/** The error body of the spec: `{status, code, message, errors}`. */
export interface ApiErrorBody {
  status: number;
  code: string;
  message: string;
  errors: unknown[];
}

export interface ApiErrorReading {
  status: number;
  code: string;
  message: string;
  /** Human sentences, one per problem the service listed. */
  details: string[];
}

/** A 2xx body we cannot understand: the service answered, but not in any shape we know. */
export class ContractError extends Error {
  override name = 'ContractError';
}

export function errorBody(status: number, code: string, message: string, errors: unknown[] = []): ApiErrorBody {
  return { status, code, message, errors };
}

const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  422: 'VALIDATION',
  429: 'RATE_LIMITED',
};

const MESSAGE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'The invoicing service did not accept the request',
  401: 'The invoicing service did not accept the credentials',
  403: 'The invoicing service refused access',
  404: 'The invoicing service did not find what was asked for',
  408: 'The invoicing service took too long to answer',
  409: 'The invoicing service reported a conflict',
  413: 'The request was too large for the invoicing service',
  422: 'The invoicing service did not accept the data sent',
  429: 'Too many requests to the invoicing service; it asked us to wait',
  500: 'The invoicing service had an internal error',
  502: 'The invoicing service is unreachable right now',
  503: 'The invoicing service is unavailable right now',
  504: 'The invoicing service took too long to answer',
};

function codeFromStatus(status: number): string {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'SERVER_ERROR' : `HTTP_${status}`);
}

function messageFromStatus(status: number): string {
  const text = MESSAGE_BY_STATUS[status] ?? (status >= 500 ? 'The invoicing service had an error' : 'The invoicing service answered with an error');
  return `${text} (HTTP ${status})`;
}

/**
 * Reads any error body, tolerant of the shapes seen in the field (DOMAIN.md): the spec's `{status, code, message,
 * errors}`, OAuth's `{error, error_description}`, a wrapping `{error: {...}}`, problem+json `{title, detail}`, or no
 * JSON at all (then the HTTP status speaks). The HTTP status wins over a `status` field in the body.
 */
export function readErrorBody(body: unknown, httpStatus: number): ApiErrorReading {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined; // an HTML error page from a proxy says nothing a cashier can use
    }
  }
  let obj: JsonObject = isRecord(parsed) ? parsed : {};
  if (isRecord(obj.error)) obj = { ...obj.error, ...withoutKey(obj, 'error') };

  const status = isHttpStatus(httpStatus) ? httpStatus : isHttpStatus(obj.status) ? obj.status : 0;
  const code = pick(obj, ['code', 'error_code', 'error'], readText) ?? codeFromStatus(status);
  const message =
    pick(obj, ['message', 'error_description', 'detail', 'title'], readText) ?? messageFromStatus(status);
  const listed = Array.isArray(parsed) ? parsed : (obj.errors ?? obj.details);
  return { status, code, message, details: describeProblems(listed) };
}

function isHttpStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599;
}

function withoutKey(obj: JsonObject, key: string): JsonObject {
  const copy: JsonObject = { ...obj };
  delete copy[key];
  return copy;
}

/**
 * Human sentences from an `errors` value: an array of strings, of `{field, message}`, of `{code, message, detail}`,
 * or a map `{"items.0.quantity": ["..."]}`. Unknown entries are shown compactly rather than dropped.
 */
export function describeProblems(errors: unknown): string[] {
  if (typeof errors === 'string') return errors.trim() === '' ? [] : [errors];
  if (Array.isArray(errors)) return errors.flatMap(describeEntry);
  if (isRecord(errors)) {
    return Object.entries(errors).flatMap(([field, value]) =>
      (Array.isArray(value) ? value : [value]).flatMap(describeEntry).map((text) => `${field}: ${text}`),
    );
  }
  return [];
}

function describeEntry(entry: unknown): string[] {
  if (entry === null || entry === undefined) return [];
  if (typeof entry === 'string') return entry.trim() === '' ? [] : [entry];
  if (typeof entry === 'number' || typeof entry === 'boolean') return [String(entry)];
  if (!isRecord(entry)) return [compact(entry)];
  const field = pick(entry, ['field', 'property', 'path', 'loc', 'pointer'], readPath) ?? (isRecord(entry.source) ? pick(entry.source, ['pointer', 'parameter'], readPath) : null);
  const message = pick(entry, ['message', 'msg', 'description', 'title'], readText);
  const detail = pick(entry, ['detail', 'details', 'reason'], readText);
  const code = pick(entry, ['code', 'error_code'], readText);
  let text = message ?? detail ?? code;
  if (text === null) return [compact(entry)];
  if (message !== null && detail !== null && detail !== message) text = `${message}: ${detail}`;
  return [field === null ? text : `${field}: ${text}`];
}

function readPath(value: unknown): string | null {
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(String).join('.');
  return readText(value);
}

/** A short JSON rendering, so an odd entry still reaches the screen without flooding it. */
function compact(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}
