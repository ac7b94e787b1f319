/**
 * The till's client of the shop server (issue 20): every request but pairing signed with the till's key, every
 * body checked against the shared contract before it leaves and every answer checked before it is believed (a
 * server is trusted no more than the invoicing service). Bounded deadlines; bounded retries with backoff for what
 * may pass (the network, a busy server), none for a refusal.
 */
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import {
  SHOP_LIMITS, changesResponseSchema, commandBatchSchema, commandResultsSchema, heldSalesQuerySchema, heldSalesSchema, pairRequestSchema,
  pairResponseSchema, salesAckSchema, salesAuditResultSchema, salesAuditSchema, salesBatchSchema, shiftsAckSchema, shiftsBatchSchema,
  shopUploadResultSchema, shopUploadSchema,
  type ChangesResponse, type PairRequest, type PairResponse,
} from '../../../shared/shop/contract';
import { pinnedRequest, type CertificatePin } from './pinned-transport';
import { ShopError } from './shop-error';
import { authorizationHeader } from './till-key';

export interface ShopClientTimeouts {
  /** A request that is not a long-poll. */
  requestMs: number;
  /** Added to a long-poll's own wait. */
  longPollGraceMs: number;
}
export const DEFAULT_SHOP_TIMEOUTS: ShopClientTimeouts = { requestMs: 15_000, longPollGraceMs: 10_000 };

export interface ShopRetry { attempts: number; baseDelayMs: number; maxDelayMs: number }
export const DEFAULT_SHOP_RETRY: ShopRetry = { attempts: 3, baseDelayMs: 500, maxDelayMs: 5_000 };

export interface ShopClientOptions {
  baseUrl: string;
  pin: CertificatePin;
  timeouts?: Partial<ShopClientTimeouts>;
  retry?: Partial<ShopRetry>;
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface SignedShopClientOptions extends ShopClientOptions {
  tillId: string;
  privateKey: KeyObject;
}

const errorBodySchema = z.object({ error: z.object({ code: z.string().max(80), reason: z.string().max(80).optional() }).passthrough() }).passthrough();

export type ShopMethod = 'GET' | 'POST' | 'DELETE';
export type Call = <S extends z.ZodType>(method: ShopMethod, path: string, body: unknown, answer: S, opts?: { timeoutMs?: number; retry?: boolean; signal?: AbortSignal }) => Promise<z.output<S>>;

/** One request path for every caller: `sign` gives the Authorization header (a till's signature, or a session's bearer). */
export function caller(opts: ShopClientOptions, sign: ((method: string, path: string, body: string) => string) | null): Call {
  const timeouts = { ...DEFAULT_SHOP_TIMEOUTS, ...opts.timeouts };
  const retry = { ...DEFAULT_SHOP_RETRY, ...opts.retry };
  const random = opts.random ?? Math.random;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const base = new URL(opts.baseUrl);

  async function once<S extends z.ZodType>(method: ShopMethod, path: string, text: string | null, answer: S, timeoutMs: number, signal?: AbortSignal): Promise<z.output<S>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (sign) headers.authorization = sign(method, path, text ?? '');
    const { status, text: reply } = await pinnedRequest({ url: new URL(path, base), pin: opts.pin, method, headers, body: text, timeoutMs, ...(signal ? { signal } : {}) });
    let json: unknown;
    try {
      json = reply === '' ? null : JSON.parse(reply);
    } catch {
      throw new ShopError(status >= 200 && status < 300 ? 'BAD_ANSWER' : 'HTTP', `the server answered ${status} with something that is not JSON`, status);
    }
    if (status < 200 || status >= 300) {
      const parsed = errorBodySchema.safeParse(json);
      // A refused signature says why in `reason` ({ code: 'unauthorized', reason: 'revoked' }); other errors in `code`.
      const code = parsed.success ? parsed.data.error.reason ?? parsed.data.error.code : null;
      throw new ShopError('HTTP', `the server answered ${status}${code ? ` (${code})` : ''}`, status, code, json);
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues[0];
      throw new ShopError('BAD_ANSWER', `the server's answer does not meet the contract (${where ? `${where.path.join('.')}: ${where.message}` : 'invalid'})`);
    }
    return parsed.data;
  }

  return async (method, path, body, answer, callOpts = {}) => {
    const text = body === undefined ? null : JSON.stringify(body);
    const attempts = callOpts.retry === false ? 1 : Math.max(1, retry.attempts);
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(method, path, text, answer, callOpts.timeoutMs ?? timeouts.requestMs, callOpts.signal);
      } catch (error) {
        const failure = error instanceof ShopError ? error : new ShopError('NETWORK', error instanceof Error ? error.message : String(error));
        if (!failure.transient || attempt >= attempts) throw failure;
        // Full jitter: tills that lost the server together do not come back together.
        const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
        await sleep(Math.round(random() * ceiling));
      }
    }
  };
}

/** Pairing only: unsigned, one try (a code is single-use; the person presses "Emparejar" again). */
export async function requestPairing(opts: ShopClientOptions, body: PairRequest): Promise<PairResponse> {
  const call = caller(opts, null);
  return call('POST', '/v1/pair', pairRequestSchema.parse(body), pairResponseSchema, { retry: false });
}

export interface ShopClient {
  changes(since: number, waitSeconds: number, signal?: AbortSignal): Promise<ChangesResponse>;
  commands(body: z.input<typeof commandBatchSchema>): Promise<z.output<typeof commandResultsSchema>>;
  sales(body: z.input<typeof salesBatchSchema>): Promise<z.output<typeof salesAckSchema>>;
  shifts(body: z.input<typeof shiftsBatchSchema>): Promise<z.output<typeof shiftsAckSchema>>;
  upload(body: z.input<typeof shopUploadSchema>): Promise<z.output<typeof shopUploadResultSchema>>;
  /** Issue 25: the per-day digests of what the server acknowledged; the server's figures for the days that differ. */
  audit(body: z.input<typeof salesAuditSchema>): Promise<z.output<typeof salesAuditResultSchema>>;
  held(body: z.input<typeof heldSalesQuerySchema>): Promise<z.output<typeof heldSalesSchema>>;
}

export function createShopClient(opts: SignedShopClientOptions): ShopClient {
  const now = opts.now ?? Date.now;
  const timeouts = { ...DEFAULT_SHOP_TIMEOUTS, ...opts.timeouts };
  const call = caller(opts, (method, path, body) => authorizationHeader({ tillId: opts.tillId, privateKey: opts.privateKey, method, pathWithQuery: path, body, now: now() }));
  return {
    changes(since, waitSeconds, signal) {
      const wait = Math.max(0, Math.min(SHOP_LIMITS.maxWaitSeconds, Math.floor(waitSeconds)));
      return call('GET', `/v1/changes?since=${since}&wait=${wait}`, undefined, changesResponseSchema, {
        timeoutMs: wait * 1000 + timeouts.longPollGraceMs, retry: false, ...(signal ? { signal } : {}),
      });
    },
    commands: async (body) => call('POST', '/v1/commands', commandBatchSchema.parse(body), commandResultsSchema),
    sales: async (body) => call('POST', '/v1/sales', salesBatchSchema.parse(body), salesAckSchema),
    shifts: async (body) => call('POST', '/v1/shifts', shiftsBatchSchema.parse(body), shiftsAckSchema),
    upload: async (body) => call('POST', '/v1/shop/upload', shopUploadSchema.parse(body), shopUploadResultSchema),
    audit: async (body) => call('POST', '/v1/sales/audit', salesAuditSchema.parse(body), salesAuditResultSchema),
    held: async (body) => call('POST', '/v1/sales/held', heldSalesQuerySchema.parse(body), heldSalesSchema),
  };
}
