/**
 * The invoicing service as the rest of the core sees it: a few calls that return tolerant readings of the
 * service's answers or throw an ApiError. Every request of the process (token requests too) goes through one
 * rate limiter; failures worth retrying are retried here, a bounded number of times.
 */
import { readCollection, type PageInfo } from '../../shared/api/collections';
import { readDocument, type RemoteDocument } from '../../shared/api/document';
import { readNumberingRanges, type NumberingRange } from '../../shared/api/numbering-range';
import { ApiError, copyApiError, isApiError } from './errors';
import { createHttpClient, type HttpMethod, type HttpRequest, type HttpResponse, type HttpTimeouts } from './http';
import { asRangeInvalid, isRangeRejection } from './range-selection';
import { createRateLimiter, type RateJournal } from './rate-limiter';
import { withRetry, type RetryPolicy } from './retry';
import { failureFromResponse, readReply } from './service-reply';
import { createTokenManager, withTrailingSlash } from './token-manager';

/**
 * Permits to start a request from a budget shared with others on the same client id (issue 28): the till's come from
 * the shop server (electron/core/shop/rate-permits.ts), the shop server's from its own store. `done` says whether the
 * service answered 429, so the shared budget can shrink.
 */
export interface RequestPermits {
  take(): Promise<{ done(outcome?: { rateLimited?: boolean }): void }>;
}

export interface InvoicingApiOptions {
  baseUrl: string;
  clientId: string;
  getClientSecret: () => Promise<string>;
  /** Our own limit (default 297 per minute, `rateBudgetFor` the service's 300; other tills on the client id: `rateShare`). */
  rateLimit?: { limit: number; windowMs: number };
  /** Where this service's requests are written down, so a restarted till starts from the last window's. */
  rateJournal?: RateJournal;
  /** This till's share of `rateLimit` in (0, 1] when several tills use one client id (default 1). */
  rateShare?: () => number;
  /**
   * The shop's one budget for this client id (issue 28): a permit from the shop server's lease before each request
   * (electron/core/shop/rate-permits.ts). Taken after the till's own limiter admits the request, so a permit is
   * started as soon as it is granted, inside its lease.
   */
  permits?: RequestPermits;
  timeouts?: Partial<HttpTimeouts>;
  retry?: Partial<RetryPolicy>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told of every request once it has finished (benchmarks account for the rate budget with it). */
  onRequest?: (request: RequestRecord) => void;
}

/** What a request was for: a token, the numbering ranges, a create, one document, or a page of the list. */
export type RequestKind = 'token' | 'ranges' | 'create' | 'document' | 'list';

export interface RequestRecord {
  kind: RequestKind;
  /** When it asked the rate limiter, when the limiter let it start, when it finished (ms, the client's clock). */
  askedAt: number;
  startedAt: number;
  finishedAt: number;
  /** HTTP status, or null when no answer came (network, timeout). */
  status: number | null;
}

export interface DocumentQuery {
  page?: number;
  perPage?: number;
  status?: string;
  referenceCode?: string;
}

export interface InvoicingApiStats {
  /** HTTP requests sent, token requests included. */
  requests: number;
  tokenRequests: number;
  http429: number;
  /** Attempts repeated after a retryable failure. */
  retries: number;
  /** The same requests by what they were for (`token` equals `tokenRequests`). */
  byKind: Record<RequestKind, number>;
}

export interface InvoicingApi {
  /** Sends the frozen request body unchanged; retries (with the same bytes) are safe thanks to `reference_code`. */
  createInvoice(requestBody: string): Promise<RemoteDocument>;
  getDocument(id: string): Promise<RemoteDocument>;
  /** `referenceCode` finds the document a sale became, e.g. after an ambiguous create. */
  /** `skipped`: list entries that could not be read (left out of `documents`). */
  listDocuments(query?: DocumentQuery): Promise<{ documents: RemoteDocument[]; page: PageInfo | null; skipped: number }>;
  listNumberingRanges(now?: Date): Promise<NumberingRange[]>;
  stats(): InvoicingApiStats;
  /** If the rate budget holds requests back now: until when and why (the status bar says "resumes in 40 s"). */
  rateHold(): { untilMs: number; reason: 'retry-after' | 'window' } | null;
  /** Drops the held token so the next request asks for one with the (newly saved) secret; the limiter stays. */
  forgetToken(): void;
  close(): Promise<void>;
}

/**
 * The till's budget under a service's limit: 99 % of it. Counting each request from its answer (rate-limiter.ts) is
 * what keeps us under a limit the service counts by arrival, whatever the latency; the 1 % covers a window's edge in
 * whole milliseconds (an arrival and its answer read in the same millisecond). It used to be 97 %: 3 % of every
 * backlog's drain spent on nothing (issue 18).
 */
export function rateBudgetFor(serviceLimit: number): number {
  return Math.max(1, Math.floor(serviceLimit * 0.99));
}
/** The spec's limit, 300 requests per minute, and this till's budget under it (297). */
const SERVICE_RATE_LIMIT = { limit: 300, windowMs: 60_000 };
export const DEFAULT_RATE_LIMIT = { limit: rateBudgetFor(SERVICE_RATE_LIMIT.limit), windowMs: SERVICE_RATE_LIMIT.windowMs };
export const DEFAULT_TIMEOUTS: HttpTimeouts = { connectMs: 5_000, totalMs: 15_000 };
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseMs: 250, capMs: 8_000, maxElapsedMs: 30_000 };

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createInvoicingApi(opts: InvoicingApiOptions): InvoicingApi {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? realSleep;
  const random = opts.random ?? Math.random;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...opts.retry };
  const base = withTrailingSlash(opts.baseUrl);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const http = createHttpClient(timeouts);
  const limiter = createRateLimiter({
    ...(opts.rateLimit ?? DEFAULT_RATE_LIMIT), now, sleep, inFlightMs: timeouts.totalMs,
    ...(opts.rateJournal ? { journal: opts.rateJournal } : {}),
    ...(opts.rateShare ? { share: opts.rateShare } : {}),
  });
  const counts: InvoicingApiStats = {
    requests: 0, tokenRequests: 0, http429: 0, retries: 0, byKind: { token: 0, ranges: 0, create: 0, document: 0, list: 0 },
  };
  let closed = false;
  let closing: Promise<void> | null = null;

  async function sendLimited(req: HttpRequest, kind: RequestKind): Promise<HttpResponse> {
    const askedAt = now();
    const finished = await limiter.acquire();
    const permit = closed || !opts.permits ? null : await opts.permits.take();
    if (closed) {
      permit?.done();
      finished();
      // Shutting down: nothing was sent, and retrying would not help.
      throw new ApiError({ kind: 'permanent', code: 'CLOSED', message: 'The invoicing service client has been closed' });
    }
    counts.requests++;
    counts.byKind[kind]++;
    if (kind === 'token') counts.tokenRequests++;
    const startedAt = now();
    let rateLimited = false;
    let status: number | null = null;
    try {
      const response = await http.send(req);
      status = response.status;
      rateLimited = response.status === 429;
      if (rateLimited) counts.http429++;
      return response;
    } finally {
      permit?.done({ rateLimited });
      finished({ rateLimited });
      opts.onRequest?.({ kind, askedAt, startedAt, finishedAt: now(), status });
    }
  }

  const tokens = createTokenManager({
    baseUrl: opts.baseUrl,
    clientId: opts.clientId,
    getClientSecret: opts.getClientSecret,
    http: { send: (req) => sendLimited(req, 'token') },
    now,
  });

  /** One attempt with a bearer; a 401 means the token went bad, so it is replaced once and the request resent. */
  async function sendAuthorized(kind: RequestKind, method: HttpMethod, path: string, body?: string): Promise<HttpResponse> {
    const url = new URL(path, base).toString();
    for (let refreshed = false; ; refreshed = true) {
      const token = await tokens.getToken();
      const req: HttpRequest = { method, url, headers: { authorization: `Bearer ${token}` } };
      if (body !== undefined) req.body = body;
      const response = await sendLimited(req, kind);
      const failure = failureFromResponse(response, now(), { afterPost: method === 'POST' });
      if (!failure) return response;
      if (failure.kind === 'auth' && !refreshed) {
        tokens.invalidate(token);
        continue;
      }
      throw failure;
    }
  }

  async function call<T>(kind: RequestKind, method: HttpMethod, path: string, reader: (body: unknown) => T, body?: string): Promise<T> {
    let everAmbiguous = false;
    try {
      return await withRetry(
        async () => {
          try {
            return readReply(await sendAuthorized(kind, method, path, body), reader, { ambiguous: method === 'POST' });
          } catch (error) {
            if (isApiError(error) && error.ambiguous) everAmbiguous = true;
            throw error;
          }
        },
        policy,
        { now, sleep, random, pause: (until) => limiter.pause(until), onRetry: () => void counts.retries++ },
      );
    } catch (error) {
      // If any attempt may have reached the service, so may the request as a whole, whatever the last attempt saw.
      if (isApiError(error) && everAmbiguous && !error.ambiguous) throw copyApiError(error, { ambiguous: true });
      throw error;
    }
  }

  return {
    async createInvoice(requestBody) {
      try {
        return await call('create', 'POST', 'v1/invoices', readDocument, requestBody);
      } catch (error) {
        if (isApiError(error) && isRangeRejection(error)) throw asRangeInvalid(error);
        throw error;
      }
    },

    getDocument(id) {
      return call('document', 'GET', `v1/documents/${encodeURIComponent(id)}`, readDocument);
    },

    listDocuments(query = {}) {
      const params = new URLSearchParams();
      if (query.page !== undefined) params.set('page', String(query.page));
      if (query.perPage !== undefined) params.set('per_page', String(query.perPage));
      if (query.status !== undefined) params.set('status', query.status);
      if (query.referenceCode !== undefined) params.set('reference_code', query.referenceCode);
      const search = params.toString();
      return call('list', 'GET', search ? `v1/documents?${search}` : 'v1/documents', readDocumentList);
    },

    listNumberingRanges(at) {
      return call('ranges', 'GET', 'v1/numbering-ranges', (body) => readNumberingRanges(body, at ?? new Date(now())));
    },

    stats() {
      return { ...counts, byKind: { ...counts.byKind } };
    },

    rateHold() {
      return limiter.heldUntil();
    },

    forgetToken() {
      tokens.forget();
    },

    close() {
      closed = true;
      // Callers parked in the limiter (a long Retry-After) are let go at once, to find the client closed.
      limiter.close();
      closing ??= http.close();
      return closing;
    },
  };
}

/** A list entry we cannot read (no id or status) is left out rather than failing the whole page. */
function readDocumentList(body: unknown): { documents: RemoteDocument[]; page: PageInfo | null; skipped: number } {
  const collection = readCollection(body);
  const documents: RemoteDocument[] = [];
  let skipped = 0;
  for (const item of collection.items) {
    try {
      documents.push(readDocument(item));
    } catch {
      // skipped on purpose, see above; counted, since a look-up by reference cannot say "absent" past one
      skipped++;
    }
  }
  return { documents, page: collection.page, skipped };
}
