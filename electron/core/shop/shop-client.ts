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
  SHOP_LIMITS, changeSchema, changesResponseSchema, commandBatchSchema, commandResultsSchema, heldSalesQuerySchema, heldSalesSchema, pairRequestSchema,
  pairResponseSchema, salesAckSchema, salesAuditResultSchema, salesAuditSchema, salesBatchSchema, shiftsAckSchema, shiftsBatchSchema,
  rateLeaseRequestSchema, rateLeaseSchema, type RateLease, type RateLeaseRequest,
  shopSettingsPushResultSchema, shopSettingsPushSchema, shopUploadResultSchema, shopUploadSchema, tillRenameResultSchema, tillRenameSchema,
  type Change, type PairRequest, type PairResponse,
} from '../../../shared/shop/contract';
import { FEED_ASIDE_PATH, feedAsideReportResultSchema, feedAsideReportSchema } from '../../../shared/shop/feed-aside';
import { CONFIRM_WATCH_PATH, confirmWatchRequestSchema, confirmWatchResponseSchema, type ConfirmWatchRequest, type ConfirmWatchResponse } from '../../../shared/shop/confirmations';
import type { FeedPage, MalformedChange } from '../store/shop-master-data';
import { DEFAULT_CONNECT_TIMEOUT_MS, pinnedRequest, type CertificatePin } from './pinned-transport';
import type { ServerAddresses } from './server-addresses';
import { CONTRACT_HEADER, CONTRACT_REFUSED, CONTRACT_VERSION, contractVersionOf, sideToUpdate, tolerantParse } from '../../../shared/shop/contract-version';
import { ServerClock } from './server-clock';
import { ShopError } from './shop-error';
import { authorizationHeader } from './till-key';

export interface ShopClientTimeouts {
  /** A request that is not a long-poll. */
  requestMs: number;
  /** Added to a long-poll's own wait. */
  longPollGraceMs: number;
  /** The connection to one address (TCP and TLS): past it the next address is tried (issue 27). */
  connectMs: number;
}
export const DEFAULT_SHOP_TIMEOUTS: ShopClientTimeouts = { requestMs: 15_000, longPollGraceMs: 10_000, connectMs: DEFAULT_CONNECT_TIMEOUT_MS };

export interface ShopRetry { attempts: number; baseDelayMs: number; maxDelayMs: number }
export const DEFAULT_SHOP_RETRY: ShopRetry = { attempts: 3, baseDelayMs: 500, maxDelayMs: 5_000 };

export interface ShopClientOptions {
  /** The server's address when no `addresses` are given (pairing, a one-off check). */
  baseUrl: string;
  /**
   * Issue 27: every address this till knows of its server, tried in order by each request; an address that cannot
   * be reached (refused, no answer, another certificate) is left for the next, and when none answers a look on the
   * network may find more. The one that answers is tried first from then on.
   */
  addresses?: ServerAddresses;
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
export function caller(opts: ShopClientOptions, sign: ((method: string, path: string, body: string, serverNow: number) => string) | null): Call & { lastContract(): number } {
  // The contract version of the server's last answer: a newer server's feed records are read tolerantly too.
  let lastContract = CONTRACT_VERSION;
  const timeouts = { ...DEFAULT_SHOP_TIMEOUTS, ...opts.timeouts };
  const retry = { ...DEFAULT_SHOP_RETRY, ...opts.retry };
  const random = opts.random ?? Math.random;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const clock = clockOf(opts);

  /**
   * One try of a request at each address in turn (bounded by the list, at most MAX_SERVER_ADDRESSES, and once more
   * over what a look on the network found): the first that answers at all decides. Not reaching an address — refused,
   * no connection in time, cut off, or another certificate — moves on; an answer (even a refusal) does not.
   */
  async function reach<S extends z.ZodType>(method: ShopMethod, path: string, text: string | null, answer: S, timeoutMs: number, signal?: AbortSignal): Promise<z.output<S>> {
    const book = opts.addresses;
    const tried = new Set<string>();
    const failures: ShopError[] = [];
    const tryEach = async (bases: readonly string[]): Promise<{ value: z.output<S> } | null> => {
      for (const base of bases) {
        if (tried.has(base)) continue;
        tried.add(base);
        try {
          const value = await once(new URL(base), method, path, text, answer, timeoutMs, signal);
          book?.answered(base);
          return { value };
        } catch (error) {
          const failure = asShopError(error);
          if (!unreached(failure) || signal?.aborted || !book) throw failure;
          failures.push(failure);
        }
      }
      return null;
    };
    const known = await tryEach(book ? book.list() : [opts.baseUrl]);
    if (known) return known.value;
    const found = book ? await tryEach(await book.discover()) : null;
    if (found) return found.value;
    // Another certificate where the server was is the failure to tell: the owner must know it is not the server.
    throw failures.find((f) => f.code === 'CERT_MISMATCH') ?? failures[0] ?? new ShopError('NETWORK', 'no address of the server is known');
  }

  async function once<S extends z.ZodType>(base: URL, method: ShopMethod, path: string, text: string | null, answer: S, timeoutMs: number, signal?: AbortSignal): Promise<z.output<S>> {
    // Every request says which contract version this till speaks (shared/shop/contract-version.ts).
    const headers: Record<string, string> = { accept: 'application/json', [CONTRACT_HEADER]: String(CONTRACT_VERSION) };
    const sentAt = clock.local();
    if (sign) headers.authorization = sign(method, path, text ?? '', clock.now());
    const { status, text: reply, serverTime, contract: contractHeader } = await pinnedRequest({ url: new URL(path, base), pin: opts.pin, method, headers, body: text, timeoutMs, connectTimeoutMs: timeouts.connectMs, ...(signal ? { signal } : {}) });
    clock.observe(sentAt, clock.local(), serverTime);
    // No header: a server from before issue 27 (version 1). A header that is not a version is read as none.
    const contract = contractVersionOf(contractHeader) ?? 1;
    lastContract = contract;
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

  const call: Call = async (method, path, body, answer, callOpts = {}) => {
    const text = body === undefined ? null : JSON.stringify(body);
    const attempts = callOpts.retry === false ? 1 : Math.max(1, retry.attempts);
    let resigned = false;
    for (let attempt = 1; ; attempt++) {
      try {
        return await reach(method, path, text, answer, callOpts.timeoutMs ?? timeouts.requestMs, callOpts.signal);
      } catch (error) {
        const failure = asShopError(error);
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
  return Object.assign(call, { lastContract: () => lastContract });
}

function asShopError(error: unknown): ShopError {
  return error instanceof ShopError ? error : new ShopError('NETWORK', error instanceof Error ? error.message : String(error));
}

/** The address was not reached (or was not the server): another address may be. */
function unreached(failure: ShopError): boolean {
  return failure.code === 'NETWORK' || failure.code === 'TIMEOUT' || failure.code === 'CERT_MISMATCH';
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
  /** A page of the feed: the changes that meet the contract, and apart those that do not (issue 27, set aside). */
  changes(since: number, waitSeconds: number, signal?: AbortSignal): Promise<FeedPage>;
  commands(body: z.input<typeof commandBatchSchema>): Promise<z.output<typeof commandResultsSchema>>;
  sales(body: z.input<typeof salesBatchSchema>): Promise<z.output<typeof salesAckSchema>>;
  shifts(body: z.input<typeof shiftsBatchSchema>): Promise<z.output<typeof shiftsAckSchema>>;
  upload(body: z.input<typeof shopUploadSchema>): Promise<z.output<typeof shopUploadResultSchema>>;
  /** Issue 25: the per-day digests of what the server acknowledged; the server's figures for the days that differ. */
  audit(body: z.input<typeof salesAuditSchema>): Promise<z.output<typeof salesAuditResultSchema>>;
  held(body: z.input<typeof heldSalesQuerySchema>): Promise<z.output<typeof heldSalesSchema>>;
  /** Issue 26: the shop-wide settings this till changed (the seller, the numbering authorisation…). */
  settings(body: z.input<typeof shopSettingsPushSchema>): Promise<z.output<typeof shopSettingsPushResultSchema>>;
  /** Permits from the shop's one budget for an invoicing account (issue 28); never retried (the caller falls back). */
  rateLease(body: RateLeaseRequest, timeoutMs: number): Promise<RateLease>;
  /** Issue 27: the records of the feed this till set aside (its whole list; an empty one clears it at the server). */
  feedAside(body: z.input<typeof feedAsideReportSchema>): Promise<z.output<typeof feedAsideReportResultSchema>>;
  /** Issue 28: the documents this till waits on, for the server to confirm; never retried (the caller tries again later). */
  confirmWatch(body: ConfirmWatchRequest, timeoutMs: number): Promise<ConfirmWatchResponse>;
}

/**
 * The page's envelope is checked as strictly as ever; each change on its own, so one record this till cannot read
 * (a newer server's field, a broken record) is handed on apart to be set aside instead of refusing the whole page and
 * stopping the feed there.
 */
const lenientChangesSchema = changesResponseSchema.extend({ changes: z.array(z.unknown()).max(SHOP_LIMITS.changesPerPage) });

export function splitChangesPage(page: z.output<typeof lenientChangesSchema>, newerServer = false): FeedPage {
  const changes: Change[] = [];
  const malformed: MalformedChange[] = [];
  let lastSeq = 0;
  page.changes.forEach((raw) => {
    // From a newer server (issue 27's versions), fields this till does not know are dropped, never a reason to set aside.
    const parsed = newerServer ? tolerantParse(changeSchema, raw) : changeSchema.safeParse(raw);
    if (parsed.success) {
      changes.push(parsed.data);
      lastSeq = parsed.data.seq;
      return;
    }
    const r = (raw ?? {}) as { seq?: unknown; kind?: unknown; key?: unknown };
    // A record without a usable seq takes the place of the one before it (it cannot be later than the page's cursor).
    const seq = typeof r.seq === 'number' && Number.isSafeInteger(r.seq) && r.seq >= 0 && r.seq <= page.cursor ? r.seq : lastSeq;
    lastSeq = seq;
    const issue = parsed.error.issues[0];
    malformed.push({
      seq,
      kind: typeof r.kind === 'string' && r.kind.length > 0 ? r.kind.slice(0, 20) : 'desconocido',
      key: typeof r.key === 'string' && r.key.length > 0 ? r.key.slice(0, 120) : `seq-${seq}`,
      raw,
      problem: issue ? `${issue.path.join('.') || 'registro'}: ${issue.message}`.slice(0, 200) : 'no cumple el contrato',
    });
  });
  return { ...page, changes, ...(malformed.length > 0 ? { malformed } : {}) };
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
      return call('GET', `/v1/changes?since=${since}&wait=${wait}${offset === null ? '' : `&clock=${offset}`}`, undefined, lenientChangesSchema, {
        timeoutMs: wait * 1000 + timeouts.longPollGraceMs, retry: false, ...(signal ? { signal } : {}),
      }).then((page) => splitChangesPage(page, call.lastContract() > CONTRACT_VERSION));
    },
    commands: async (body) => call('POST', '/v1/commands', commandBatchSchema.parse(body), commandResultsSchema),
    sales: async (body) => call('POST', '/v1/sales', salesBatchSchema.parse(body), salesAckSchema),
    shifts: async (body) => call('POST', '/v1/shifts', shiftsBatchSchema.parse(body), shiftsAckSchema),
    upload: async (body) => call('POST', '/v1/shop/upload', shopUploadSchema.parse(body), shopUploadResultSchema),
    audit: async (body) => call('POST', '/v1/sales/audit', salesAuditSchema.parse(body), salesAuditResultSchema),
    held: async (body) => call('POST', '/v1/sales/held', heldSalesQuerySchema.parse(body), heldSalesSchema),
    settings: async (body) => call('POST', '/v1/settings', shopSettingsPushSchema.parse(body), shopSettingsPushResultSchema),
    rateLease: async (body, timeoutMs) => call('POST', '/v1/rate/lease', rateLeaseRequestSchema.parse(body), rateLeaseSchema, { timeoutMs, retry: false }),
    feedAside: async (body) => call('POST', FEED_ASIDE_PATH, feedAsideReportSchema.parse(body), feedAsideReportResultSchema),
    confirmWatch: async (body, timeoutMs) => call('POST', CONFIRM_WATCH_PATH, confirmWatchRequestSchema.parse(body), confirmWatchResponseSchema, { timeoutMs, retry: false }),
  };
}
