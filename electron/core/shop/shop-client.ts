/**
 * The till's client of the shop server (issue 20): every request but pairing signed with the till's key, every
 * body checked against the shared contract before it leaves and every answer checked before it is believed (a
 * server is trusted no more than the invoicing service). Bounded deadlines; bounded retries with backoff for what
 * may pass (the network, a busy server), none for a refusal.
 *
 * Signed with the server's time (issue 25): every answer's SERVER_TIME_HEADER teaches the ServerClock the till's
 * offset, and a signature refused as `stale` (the till's clock far off, before anything was learnt) is signed again
 * at once with what that refusal taught, once: the server refuses a stale request before reading its body, so the
 * second try is the first the server acts on.
 */
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import {
  SHOP_LIMITS, changesResponseSchema, commandBatchSchema, commandResultsSchema, heldSalesQuerySchema, heldSalesSchema, pairRequestSchema,
  pairResponseSchema, salesAckSchema, salesAuditResultSchema, salesAuditSchema, salesBatchSchema, shiftsAckSchema, shiftsBatchSchema,
  shopSettingsPushResultSchema, shopSettingsPushSchema, shopUploadResultSchema, shopUploadSchema, tillRenameResultSchema, tillRenameSchema,
  type ChangesResponse, type PairRequest, type PairResponse,
} from '../../../shared/shop/contract';
import { CONTRACT_HEADER, CONTRACT_REFUSED, CONTRACT_VERSION, contractVersionOf, sideToUpdate, tolerantParse } from '../../../shared/shop/contract-version';
import { pinnedRequest, type CertificatePin } from './pinned-transport';
import { ServerClock } from './server-clock';
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
  /** The till's own clock (when no `clock` is given). */
  now?: () => number;
  /** The server's clock as this till knows it, shared by every client of one till (the shop link's). */
  clock?: ServerClock;
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

/**
 * One request path for every caller: `sign` gives the Authorization header (a till's signature at `serverNow`, the
 * server's time as this till knows it; or a session's bearer).
 */
export function caller(opts: ShopClientOptions, sign: ((method: string, path: string, body: string, serverNow: number) => string) | null): Call {
  const timeouts = { ...DEFAULT_SHOP_TIMEOUTS, ...opts.timeouts };
  const retry = { ...DEFAULT_SHOP_RETRY, ...opts.retry };
  const random = opts.random ?? Math.random;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const base = new URL(opts.baseUrl);
  const clock = clockOf(opts);

  async function once<S extends z.ZodType>(method: ShopMethod, path: string, text: string | null, answer: S, timeoutMs: number, signal?: AbortSignal): Promise<z.output<S>> {
    // Every request says which contract version this till speaks (shared/shop/contract-version.ts).
    const headers: Record<string, string> = { accept: 'application/json', [CONTRACT_HEADER]: String(CONTRACT_VERSION) };
    const sentAt = clock.local();
    if (sign) headers.authorization = sign(method, path, text ?? '', clock.now());
    const { status, text: reply, serverTime, contract: contractHeader } = await pinnedRequest({ url: new URL(path, base), pin: opts.pin, method, headers, body: text, timeoutMs, ...(signal ? { signal } : {}) });
    clock.observe(sentAt, clock.local(), serverTime);
    // No header: a server from before issue 27 (version 1). A header that is not a version is read as none.
    const contract = contractVersionOf(contractHeader) ?? 1;
    let json: unknown;
    try {
      json = reply === '' ? null : JSON.parse(reply);
    } catch {
      throw new ShopError(status >= 200 && status < 300 ? 'BAD_ANSWER' : 'HTTP', `the server answered ${status} with something that is not JSON`, status, null, null, contract);
    }
    if (status < 200 || status >= 300) {
      const parsed = errorBodySchema.safeParse(json);
      // A refused signature says why in `reason` ({ code: 'unauthorized', reason: 'revoked' }); other errors in `code`.
      const code = parsed.success ? parsed.data.error.reason ?? parsed.data.error.code : null;
      throw new ShopError('HTTP', `the server answered ${status}${code ? ` (${code})` : ''}`, status, code, json, contract);
    }
    // A server too far from this till (one that does not refuse by itself: older than the version header): which side to update.
    const update = sideToUpdate(CONTRACT_VERSION, contract, false);
    if (update) {
      throw new ShopError('HTTP', `the server speaks contract version ${contract}, this till ${CONTRACT_VERSION}: update the ${update === 'till' ? 'till' : 'shop server'}`,
        426, CONTRACT_REFUSED, { error: { code: CONTRACT_REFUSED, update, server: contract, till: CONTRACT_VERSION } }, contract);
    }
    // A newer server may answer fields this till does not know: ignored, never a reason to stop.
    const parsed = contract > CONTRACT_VERSION ? tolerantParse(answer, json) : answer.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues[0];
      throw new ShopError('BAD_ANSWER', `the server's answer does not meet the contract (${where ? `${where.path.join('.')}: ${where.message}` : 'invalid'})`);
    }
    return parsed.data;
  }

  return async (method, path, body, answer, callOpts = {}) => {
    const text = body === undefined ? null : JSON.stringify(body);
    const attempts = callOpts.retry === false ? 1 : Math.max(1, retry.attempts);
    let resigned = false;
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(method, path, text, answer, callOpts.timeoutMs ?? timeouts.requestMs, callOpts.signal);
      } catch (error) {
        const failure = error instanceof ShopError ? error : new ShopError('NETWORK', error instanceof Error ? error.message : String(error));
        // Refused as stale: the refusal's own header taught the clock; signed again at once, once, and not counted.
        if (sign && !resigned && failure.status === 401 && failure.serverCode === 'stale') {
          resigned = true;
          attempt -= 1;
          continue;
        }
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

/** Asks the server to rename this till (Settings → Esta caja): one try, the answer is the decision (409: the name is taken). */
export async function requestTillRename(opts: SignedShopClientOptions, name: string): Promise<z.output<typeof tillRenameResultSchema>> {
  const call = caller({ ...opts, clock: clockOf(opts) }, tillSigner(opts));
  return call('POST', '/v1/till/name', tillRenameSchema.parse({ name }), tillRenameResultSchema, { retry: false });
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
  /** Issue 26: the shop-wide settings this till changed (the seller, the numbering authorisation…). */
  settings(body: z.input<typeof shopSettingsPushSchema>): Promise<z.output<typeof shopSettingsPushResultSchema>>;
}

/** The options' clock, or one of its own on the options' `now` (a client used alone, as in tests and benches). */
export function clockOf(opts: ShopClientOptions): ServerClock {
  return opts.clock ?? new ServerClock(opts.now ? { localNow: opts.now } : {});
}

/** The Authorization header of a till's request, signed at the server's time as this till knows it. */
export function tillSigner(opts: SignedShopClientOptions): (method: string, path: string, body: string, serverNow: number) => string {
  return (method, path, body, serverNow) => authorizationHeader({ tillId: opts.tillId, privateKey: opts.privateKey, method, pathWithQuery: path, body, now: serverNow });
}

export function createShopClient(opts: SignedShopClientOptions): ShopClient {
  const timeouts = { ...DEFAULT_SHOP_TIMEOUTS, ...opts.timeouts };
  const clock = clockOf(opts);
  const call = caller({ ...opts, clock }, tillSigner(opts));
  return {
    changes(since, waitSeconds, signal) {
      const wait = Math.max(0, Math.min(SHOP_LIMITS.maxWaitSeconds, Math.floor(waitSeconds)));
      // The long-poll tells the server this till's clock offset (signed with the path): Tienda shows a till that is off.
      const offset = clock.offset();
      return call('GET', `/v1/changes?since=${since}&wait=${wait}${offset === null ? '' : `&clock=${offset}`}`, undefined, changesResponseSchema, {
        timeoutMs: wait * 1000 + timeouts.longPollGraceMs, retry: false, ...(signal ? { signal } : {}),
      });
    },
    commands: async (body) => call('POST', '/v1/commands', commandBatchSchema.parse(body), commandResultsSchema),
    sales: async (body) => call('POST', '/v1/sales', salesBatchSchema.parse(body), salesAckSchema),
    shifts: async (body) => call('POST', '/v1/shifts', shiftsBatchSchema.parse(body), shiftsAckSchema),
    upload: async (body) => call('POST', '/v1/shop/upload', shopUploadSchema.parse(body), shopUploadResultSchema),
    audit: async (body) => call('POST', '/v1/sales/audit', salesAuditSchema.parse(body), salesAuditResultSchema),
    held: async (body) => call('POST', '/v1/sales/held', heldSalesQuerySchema.parse(body), heldSalesSchema),
    settings: async (body) => call('POST', '/v1/settings', shopSettingsPushSchema.parse(body), shopSettingsPushResultSchema),
  };
}
