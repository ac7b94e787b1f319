/**
 * The till's live link with the shop server (issue 20), beside the counter and never in its way: a pull loop that
 * long-polls the change feed and applies each page in one short SQLite transaction, and a push loop that sends the
 * edits made here (commands), the sales by revision and the closed shifts. Both back off while the server is away
 * and say since when; a charge only kicks the push loop and never waits on it.
 */
import { DEFAULT_TILL_NAME } from '../../../shared/bridge/contract';
import { pushedSaleSchema, saleOfAnotherTillSchema, SALE_OF_ANOTHER_TILL, type UnsendableReason } from '../../../shared/shop/contract';
import type { ShopServerLineDto } from '../../../shared/bridge/types';
import type { JobProgressDto } from '../../../shared/progress';
import { FEED_ASIDE_LISTED } from '../../../shared/shop/feed-aside';
import { KeychainUnavailableError, type CredentialStore } from '../secrets/credential-store';
import type { Store } from '../store';
import { CONTRACT_REFUSED, CONTRACT_VERSION } from '../../../shared/shop/contract-version';
import { createShopClient, type ShopClient, type ShopClientOptions } from './shop-client';
import { compareWithServer } from './shop-audit';
import { ShopError } from './shop-error';
import { readShopPairing, type ShopPairingRecord } from './shop-pairing-record';
import { storedServerAddresses, type ServerAddresses } from './server-addresses';
import { ServerClock } from './server-clock';
import { loadTillKey } from './till-key';

export interface ShopLinkOptions {
  store: Store;
  credentials: CredentialStore;
  now: () => number;
  random?: () => number;
  log: (line: string) => void;
  /** Something the status bar or Settings shows changed (contact, waiting sales, refused edits, new master data). */
  onChange: () => void;
  client?: Partial<ShopClientOptions>;
  /** The long-poll's wait (s); the push loop's look when nothing woke it (ms); the backoff's bounds (ms). */
  pollWaitSeconds?: number;
  idleMs?: number;
  backoff?: { baseMs: number; maxMs: number };
  /** How often the till compares its per-day digests with the server's when nothing else says to (ms; 5 min). */
  auditEveryMs?: number;
  /**
   * Issue 27: looks on the shop's network for a server announcing `pin` (host:port list, bounded in time), used when
   * none of the addresses this till knows answers; absent: no discovery (tests, a till told not to look).
   */
  browse?: (pin: string) => Promise<string[]>;
  /** The least time between two looks on the network (ms; 1 min). */
  discoverEveryMs?: number;
}

export interface ShopLink {
  /** Starts the loops when the till is paired (again after a pairing or an unpairing). */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** New work for the push loop (a charge, an edit, a sale's new state). Never throws, never waits. */
  kick(): void;
  /**
   * Issue 27: master data was edited here (a person renamed…): the feed's records set aside are tried again at once (a
   * rename may have resolved a clash), and the push loop is woken. Never throws, never waits.
   */
  editedHere(): void;
  /**
   * Another request of this till to the server was answered (Tienda's back-office calls): the link is in touch now,
   * as if its own loops had heard from it, and a loop waiting out a backoff looks again at once. The status bar and
   * Tienda then never disagree about the server for longer than a status push.
   */
  heard(): void;
  /** Another request of this till could not reach the server (the network, a timeout, the server failing). */
  trouble(error: unknown): void;
  /** The status bar's line; null when the till is not paired. */
  line(): ShopServerLineDto | null;
  lastContactAt(): number | null;
  pairing(): ShopPairingRecord | null;
  /**
   * The addresses this till knows of its server (issue 27), shared by the loops and every other request of the till
   * (Tienda, a rename): null when not paired.
   */
  addresses(): ServerAddresses | null;
  /** The last comparison of this till's per-day digests with the server's (null before the first). */
  lastAudit(): ShopAuditOutcome | null;
  /**
   * The server's clock as this till learns it from every answer (issue 25), shared by every client of the till
   * (pairing, the back office): requests are signed with the server's time, and each sale made here keeps the offset
   * known then (the store's shop_state.clock_offset_ms, read by trigger as the sale is written).
   */
  readonly clock: ServerClock;
  /** The signed client the link's loops use now (null when unpaired or stopped): the rate permits ask through it. */
  client(): ShopClient | null;
}

export interface ShopAuditOutcome {
  at: number;
  /** Days whose digest differed at the server, and the sales found missing or older there and pushed again. */
  differingDays: number;
  pushedAgain: number;
  shiftsPushedAgain: number;
}

/** Rounds in a row that may push sales again before the next waits the usual interval. */
const MAX_HEAL_ROUNDS = 5;


const COMMANDS_PER_PUSH = 200;
const SALES_PER_PUSH = 500;
const SHIFTS_PER_PUSH = 50;

/** A problem as a code the renderer words: the transport's, the server's refusal, or the keychain's. */
export function problemCode(error: unknown): string {
  if (error instanceof ShopError) {
    if (error.code !== 'HTTP') return error.code;
    const update = contractUpdate(error);
    if (update) return update === 'till' ? 'CONTRACT_UPDATE_TILL' : 'CONTRACT_UPDATE_SERVER';
    if (error.status === 401 && error.serverCode) return `AUTH_${error.serverCode.toUpperCase()}`;
    return `HTTP_${error.status ?? 0}`;
  }
  if (error instanceof KeychainUnavailableError) return 'KEYCHAIN_UNAVAILABLE';
  return 'INTERNAL';
}

/**
 * Which side to update when a failure is about the contract's version (issue 27): the server's 426
 * `contract_version` (or this till's own finding), or a refusal of a well-formed batch by a server of an older
 * contract than this till's (it refuses what it does not know yet). Null: not a version problem.
 */
export function contractUpdate(error: unknown): 'till' | 'server' | null {
  if (!(error instanceof ShopError) || error.code !== 'HTTP') return null;
  if (error.status === 426 && error.serverCode === CONTRACT_REFUSED) {
    const update = (error.body as { error?: { update?: unknown } } | null)?.error?.update;
    return update === 'till' ? 'till' : 'server';
  }
  if (error.status === 400 && error.serverCode === 'invalid_request' && error.contract !== null && error.contract < CONTRACT_VERSION) return 'server';
  return null;
}

interface Run {
  stopped: boolean;
  abort: AbortController;
  wake: (() => void) | null;
  /** New work arrived while the push loop was busy (not pausing): its next pause returns at once. */
  kicked: boolean;
  /** The pull loop's backoff pause, ended early when another request hears from the server. */
  backoffWake: (() => void) | null;
  done: Promise<unknown>;
}

/** The field problems of a 400 `invalid_request` body. */
function problemsOf(body: unknown): Array<{ field: string; message: string }> {
  const problems = (body as { error?: { problems?: unknown } } | null)?.error?.problems;
  if (!Array.isArray(problems)) return [];
  return problems.flatMap((p) => (typeof p?.field === 'string' && typeof p?.message === 'string' ? [{ field: p.field.slice(0, 120), message: p.message.slice(0, 120) }] : []));
}

export function createShopLink(opts: ShopLinkOptions): ShopLink {
  const { store, now, log } = opts;
  const random = opts.random ?? Math.random;
  const pollWait = opts.pollWaitSeconds ?? 25;
  const idleMs = opts.idleMs ?? 30_000;
  const backoff = opts.backoff ?? { baseMs: 1_000, maxMs: 30_000 };
  let run: Run | null = null;
  /** The address book of the pairing in force (one per pin: its discovery pace is its own). */
  let book: { pin: string; addresses: ServerAddresses } | null = null;
  function addressBook(): ServerAddresses | null {
    const pairing = store.shopState().paired ? readShopPairing(store) : null;
    if (!pairing) return null;
    if (book?.pin !== pairing.pin) {
      book = {
        pin: pairing.pin,
        addresses: storedServerAddresses({
          rows: store, pin: pairing.pin, now, log, ...(opts.browse ? { browse: opts.browse } : {}),
          ...(opts.discoverEveryMs !== undefined ? { discoverEveryMs: opts.discoverEveryMs } : {}),
        }),
      };
    }
    return book.addresses;
  }
  let lastContact: number | null = null;
  let unreachableSince: number | null = null;
  let problem: string | null = null;
  /**
   * A push the server cannot take for its contract version (issue 27), kept until a push goes through: the feed may
   * still flow meanwhile, and its contact must not hide that sales wait for one side to be updated.
   */
  let versionProblem: { code: string; since: number } | null = null;
  const auditEveryMs = opts.auditEveryMs ?? 5 * 60_000;
  /** When the next digest comparison is due: at once after a (re)connection, after sales were pushed again or set aside. */
  let auditDueAt = 0;
  let audited: ShopAuditOutcome | null = null;
  /** Rounds in a row that pushed sales again: past a few, the next waits the usual interval (never a tight loop). */
  let healRounds = 0;
  /** The server refused a batch without naming the sale: the next push sends the first sale alone to find it. */
  let alone = false;
  /**
   * Issue 29: a backlog of more than one batch (the first till's year of sales, or days away from the server) is an
   * upload with progress: sales acknowledged since it began, of those plus the ones still waiting. Only watched: the
   * push itself (by revision, recorded after each answer) is unchanged, so it resumes where it stopped after a restart
   * (a new upload then counts what was left). Shown for a minute after it ends.
   */
  let upload: { id: string; startedAt: number; sent: number; total: number; at: number; finished: boolean; batches: number } | null = null;
  const UPLOAD_SHOWN_AFTER_MS = 60_000;
  /** The waiting sales are counted at the start and every this many batches (a count of 200 000 takes ~27 ms). */
  const UPLOAD_RECOUNT_BATCHES = 20;
  function noteUpload(sent: number, fullBatch: boolean, startedAt: number): void {
    const active = upload !== null && !upload.finished;
    if (!active && !fullBatch) return;
    const at = now();
    if (!upload || upload.finished) {
      upload = { id: `shop-upload-${startedAt}`, startedAt, sent, total: sent + store.salesWaitingForShop(), at, finished: false, batches: 1 };
      return;
    }
    upload.sent += sent;
    upload.batches += 1;
    upload.at = at;
    // A batch short of full drained the queue: the upload is over at what it sent (sales charged meanwhile included).
    if (!fullBatch) {
      finishUpload();
      return;
    }
    // Sales charged meanwhile raise the total: seen at the next count, or as soon as the sent pass it.
    upload.total = upload.batches % UPLOAD_RECOUNT_BATCHES === 0 ? upload.sent + store.salesWaitingForShop() : Math.max(upload.total, upload.sent);
  }
  /** Ends the upload under way; true when there was one (the caller announces it). */
  function finishUpload(): boolean {
    if (!upload || upload.finished) return false;
    upload.total = upload.sent;
    upload.finished = true;
    upload.at = now();
    log(`shop server: ${upload.sent} sales uploaded in ${Math.round((upload.at - upload.startedAt) / 1000)} s`);
    return true;
  }
  function uploadLine(): JobProgressDto | null {
    if (!upload || (upload.finished && now() - upload.at > UPLOAD_SHOWN_AFTER_MS)) return null;
    return {
      jobId: upload.id, kind: 'shop.upload', phase: 'sending', unit: 'sales', done: upload.sent, total: upload.total,
      startedAt: upload.startedAt, phaseStartedAt: upload.startedAt, at: upload.at,
      state: upload.finished ? 'finished' : 'running', cancellable: false,
    };
  }
  const clock = opts.client?.clock ?? new ServerClock({ localNow: now });
  /**
   * Issue 26: the shop-wide settings go up only once this run has read the feed to its end, so a till pairing with
   * old seller details takes the server's first instead of sending its own over them; `settingsSent` keeps what was
   * sent until the feed brings it back (a value is sent once, not at every look).
   */
  let feedRead = false;
  const settingsSent = new Map<string, string>();
  /** Issue 27: the set-aside list last reported to the server (null: not yet this run; the next look sends it). */
  let asideReported: string | null = null;
  /** The server has no route for it (older than this till): not asked again this run. */
  let asideUnsupported = false;
  /** The count of set-aside records after the last page (a change of it wakes the push loop to report). */
  let asideCount = -1;
  let keptOffset: number | null | undefined;
  /** The offset the sales made from now on keep: written when it moved by a second or more (a row update, rare). */
  function keepOffset(): void {
    const offset = clock.offset();
    if (offset === null || (keptOffset != null && Math.abs(offset - keptOffset) < 1_000)) return;
    try {
      store.setShopClockOffset(offset);
      if (keptOffset == null || Math.abs(offset - keptOffset) >= 60_000) log(`shop server: this till's clock is ${offset} ms from the server's`);
      keptOffset = offset;
    } catch (error) {
      log(`shop server: could not keep the clock offset: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const changed = () => {
    try {
      opts.onChange();
    } catch (error) {
      log(`shop server: could not announce a change: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  /** New work for the push loop: wakes it from its pause, or makes its next pause return at once. */
  function nudge(): void {
    if (!run) return;
    if (run.wake) run.wake();
    else run.kicked = true;
  }
  function contact(): void {
    keepOffset();
    const news = unreachableSince !== null || problem !== null || lastContact === null;
    // Back in touch: what the server holds is compared again at once (it may have been restored, or lost a commit).
    if (unreachableSince !== null) {
      auditDueAt = 0;
      nudge();
    }
    lastContact = now();
    unreachableSince = null;
    problem = null;
    if (news) changed();
  }
  /** Heard from outside the loops (Tienda): counts as contact, and a loop backing off looks again now. */
  function heardElsewhere(): void {
    if (!run) return;
    const wasAway = unreachableSince !== null;
    contact();
    if (wasAway) run.backoffWake?.();
  }
  function failed(error: unknown): void {
    keepOffset();
    const code = problemCode(error);
    const news = code !== problem || unreachableSince === null;
    if (unreachableSince === null) unreachableSince = now();
    if (news) log(`shop server: ${code}: ${error instanceof Error ? error.message : String(error)}`);
    problem = code;
    if (news) changed();
  }

  /**
   * Waits `ms`, or less when the run stops, (with `kickable`) new work arrives, or (with `backoff`, the pull
   * loop's wait after a failure) another request of this till hears from the server.
   */
  function pause(r: Run, ms: number, kickable: boolean, backoffWait = false): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      const onAbort = () => finish();
      function finish() {
        clearTimeout(timer);
        r.abort.signal.removeEventListener('abort', onAbort);
        if (kickable && r.wake === finish) r.wake = null;
        if (r.backoffWake === finish) r.backoffWake = null;
        resolve();
      }
      r.abort.signal.addEventListener('abort', onAbort, { once: true });
      if (backoffWait) r.backoffWake = finish;
      if (kickable) {
        r.wake = finish;
        if (r.kicked) finish();
        r.kicked = false;
      }
    });
  }
  const delay = (failures: number) => Math.round(Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(failures - 1, 10)) * (0.5 + random() / 2));

  async function pull(r: Run, client: ShopClient, pairing: ShopPairingRecord): Promise<void> {
    let failures = 0;
    let restarts = 0;
    let more = false;
    while (!r.stopped) {
      try {
        // After a failure the first look does not wait: a server back (perhaps restored) is known at once.
        const page = await client.changes(store.shopState().cursor, more || failures > 0 ? 0 : pollWait, r.abort.signal);
        if (r.stopped) return;
        // One short transaction per page, cursor included: a crash or a failure here leaves the old state and cursor.
        const applied = store.applyShopChanges(page);
        contact();
        failures = 0;
        more = page.more;
        if (applied === 'restart') {
          // The server was restored from a copy: its feed's seqs are behind this till's cursor. Read it all again
          // (at once; a server whose generation keeps changing is read again at most once a backoff step).
          log('shop server: it was restored from a copy; this till reads its products, customers, people and settings again');
          restarts += 1;
          more = restarts <= 1;
          // A restored server may lack a setting sent after its copy: compared again once its feed is read.
          feedRead = false;
          settingsSent.clear();
          // …and whatever it lacks of this till's sales and shifts goes up again (the digests tell which).
          auditDueAt = 0;
          nudge();
          if (restarts > 1) await pause(r, delay(restarts), false);
          continue;
        }
        restarts = 0;
        if (!page.more && !feedRead) {
          feedRead = true;
          // Settings to send wake an idle push loop (never one waiting out a failure's backoff).
          if (unreachableSince === null && store.shopSettingsToSend().length > 0) nudge();
        }
        if (page.changes.length > 0 || (page.malformed?.length ?? 0) > 0) changed();
        if (page.malformed?.length) {
          log(`shop server: ${page.malformed.length} feed records this till cannot read are set aside (${page.malformed[0]!.kind} ${page.malformed[0]!.key}: ${page.malformed[0]!.problem})`);
        }
        // A record set aside (or one that applied now) changes the list the server shows: an idle push loop reports it
        // now (never one waiting out a failure's backoff; a list changed without its count goes at its next look).
        if (page.changes.length > 0 || page.malformed?.length) {
          const aside = store.feedAsideCount();
          if (asideCount !== -1 && aside !== asideCount && unreachableSince === null) nudge();
          if (aside > Math.max(0, asideCount)) {
            const newest = store.feedAside(FEED_ASIDE_LISTED).reduce((a, b) => (b.triedAt >= a.triedAt ? b : a));
            log(`shop server: ${aside} feed records are set aside at this till (the latest: ${newest.kind} ${newest.key}, ${newest.reasonCode}); the rest of the feed flows on`);
          }
          asideCount = aside;
        }
        if (page.changes.some((c) => c.kind === 'till' && c.key === pairing.tillId && c.data.revoked)) {
          failed(new ShopError('HTTP', 'this till was revoked at the shop server', 401, 'revoked'));
          return;
        }
      } catch (error) {
        if (r.stopped) return;
        failed(error);
        failures += 1;
        await pause(r, delay(failures), false, true);
      }
    }
  }

  async function pushOnce(client: ShopClient): Promise<boolean> {
    const commands = store.takeShopCommands(COMMANDS_PER_PUSH);
    if (commands.length > 0) {
      const answer = await client.commands({ commands });
      store.recordShopDecisions(answer.results);
      contact();
      changed();
      return true;
    }
    const settings = feedRead ? store.shopSettingsToSend().filter((s) => settingsSent.get(s.key) !== s.value) : [];
    if (settings.length > 0) {
      await client.settings({ settings });
      for (const s of settings) settingsSent.set(s.key, s.value);
      log(`shop server: sent this till's ${settings.map((s) => s.key).join(', ')}`);
      contact();
      return true;
    }
    const due = store.dueSales(alone ? 1 : SALES_PER_PUSH);
    // The queue ended on a full batch: nothing more is due, so an upload under way is over.
    if (due.length === 0 && finishUpload()) changed();
    // A sale that breaks the contract is set aside with its reason (counted, listed for the owner, told to the server).
    const broken = due.flatMap((d) => {
      const parsed = pushedSaleSchema.safeParse(d.sale);
      if (parsed.success) return [];
      const issue = parsed.error.issues[0];
      return [{ saleId: d.saleId, revision: d.sale.revision, reason: 'contract' as const, detail: issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid' }];
    });
    if (broken.length > 0) setAside(broken, due);
    const good = due.filter((d) => !broken.some((b) => b.saleId === d.saleId));
    if (good.length > 0) {
      const sentAt = now();
      try {
        await client.sales({ sales: good.map((d) => d.sale) });
      } catch (error) {
        const refused = refusedSales(error, good);
        if (refused === null) throw error;
        if (refused.length > 0) setAside(refused, good);
        else alone = true;
        contact();
        return true;
      }
      alone = false;
      // Recorded after the answer: a crash before this line resends the same revisions, which the server keeps once.
      store.markSalesPushed(good.map((d) => ({ saleId: d.saleId, revision: d.sale.revision })));
      noteUpload(good.length, due.length >= SALES_PER_PUSH, sentAt);
      contact();
      changed();
      return true;
    }
    if (broken.length > 0) return true;
    const shifts = store.dueShifts(SHIFTS_PER_PUSH);
    if (shifts.length > 0) {
      await client.shifts({ shifts: shifts.map((s) => ({ ...s, report: s.report as never })) });
      store.markShiftsPushed(shifts.map((s) => s.shiftId));
      contact();
      return true;
    }
    return reportAside(client);
  }

  /** Issue 27: the feed's records set aside here, told to the server whenever the list changed (Tienda lists them). */
  async function reportAside(client: ShopClient): Promise<boolean> {
    if (asideUnsupported) return false;
    const records = store.feedAside(FEED_ASIDE_LISTED).map(({ triedAt: _t, tries: _n, ...record }) => record);
    const count = records.length < FEED_ASIDE_LISTED ? records.length : store.feedAsideCount();
    const body = { count, records };
    const signature = JSON.stringify(body);
    if (signature === asideReported) return false;
    try {
      await client.feedAside(body);
    } catch (error) {
      if (error instanceof ShopError && error.code === 'HTTP' && error.status === 404) {
        asideUnsupported = true;
        log('shop server: it does not take the list of feed records set aside here (an older server); they are shown at this till only');
        return false;
      }
      throw error;
    }
    asideReported = signature;
    contact();
    return true;
  }

  /** Tries the set-aside records again; says so when some applied now. */
  function retryAside(): void {
    try {
      const applied = store.retryFeedAside();
      if (applied > 0) {
        log(`shop server: ${applied} feed records set aside at this till applied now`);
        changed();
      }
    } catch (error) {
      log(`shop server: could not try the set-aside feed records again: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function setAside(list: Array<{ saleId: number; revision: number; reason: UnsendableReason; detail: string }>, from: ReadonlyArray<{ saleId: number; sale: { referenceCode: string } }>): void {
    store.setSalesAside(list);
    for (const s of list) {
      const ref = from.find((d) => d.saleId === s.saleId)?.sale.referenceCode ?? String(s.saleId);
      log(`shop server: sale ${ref} cannot be pushed (${s.reason}: ${s.detail}); it is set aside and listed for the owner`);
    }
    auditDueAt = 0;
    changed();
  }

  /**
   * The sales of a refused batch to set aside: the ones the server names (another till's, or a field of sale N), the
   * only one of a batch of one; [] when it did not say which (the next push sends one alone); null when the failure
   * is not a refusal of the sales (the network, the server busy, the till not accepted…): tried again later.
   */
  function refusedSales(error: unknown, batch: ReadonlyArray<{ saleId: number; sale: { referenceCode: string; revision: number } }>): Array<{ saleId: number; revision: number; reason: UnsendableReason; detail: string }> | null {
    if (!(error instanceof ShopError) || error.code !== 'HTTP') return null;
    // A server of another contract version that cannot take them: they stay in the queue, and the till says which
    // side to update (never set aside for it: once that side is updated they go as they are).
    if (contractUpdate(error)) return null;
    if (error.status === 409 && error.serverCode === SALE_OF_ANOTHER_TILL) {
      const body = saleOfAnotherTillSchema.safeParse(error.body);
      const refs = new Set(body.success ? body.data.error.references : []);
      const named = batch.filter((d) => refs.has(d.sale.referenceCode));
      if (named.length === 0 && batch.length > 1) return [];
      return (named.length > 0 ? named : batch).map((d) => ({ saleId: d.saleId, revision: d.sale.revision, reason: 'other_till' as const, detail: 'the server holds this reference from another till' }));
    }
    if (error.status === 400 && error.serverCode === 'invalid_request') {
      const problems = problemsOf(error.body);
      const named = new Map<number, string>();
      for (const p of problems) {
        const index = /^sales\.(\d+)(\.|$)/.exec(p.field);
        if (index && batch[Number(index[1])] && !named.has(Number(index[1]))) named.set(Number(index[1]), `${p.field}: ${p.message}`);
      }
      if (named.size > 0) return [...named].map(([i, detail]) => ({ saleId: batch[i]!.saleId, revision: batch[i]!.sale.revision, reason: 'refused' as const, detail }));
      if (batch.length > 1) return [];
      return [{ saleId: batch[0]!.saleId, revision: batch[0]!.sale.revision, reason: 'refused', detail: problems[0] ? `${problems[0].field}: ${problems[0].message}` : error.message }];
    }
    return null;
  }

  async function auditOnce(client: ShopClient): Promise<void> {
    const round = await compareWithServer(store, client);
    audited = { at: now(), differingDays: round.differingDays, pushedAgain: round.pushedAgain, shiftsPushedAgain: round.shiftsPushedAgain };
    if (round.differingDays > 0 || round.shiftsPushedAgain > 0) {
      log(`shop server: ${round.differingDays} days differ from the server's; ${round.pushedAgain} sales and ${round.shiftsPushedAgain} shifts pushed again`);
    }
    // Pushed again: once they are through, compare again (the server then agrees, and the day report clears).
    const again = round.pushedAgain + round.shiftsPushedAgain;
    healRounds = again > 0 ? healRounds + 1 : 0;
    auditDueAt = again > 0 && healRounds <= MAX_HEAL_ROUNDS ? 0 : now() + auditEveryMs;
    if (again > 0) changed();
  }

  async function push(r: Run, client: ShopClient): Promise<void> {
    let failures = 0;
    while (!r.stopped) {
      try {
        let worked = await pushOnce(client);
        if (!worked && now() >= auditDueAt) {
          await auditOnce(client);
          contact();
          worked = auditDueAt === 0;
        }
        failures = 0;
        versionProblem = null;
        if (!worked) await pause(r, Math.max(0, Math.min(idleMs, auditDueAt - now())), true);
      } catch (error) {
        if (r.stopped) return;
        if (contractUpdate(error) && versionProblem === null) versionProblem = { code: problemCode(error), since: now() };
        failed(error);
        failures += 1;
        await pause(r, delay(failures), true);
      }
    }
  }

  let liveClient: ShopClient | null = null;
  async function begin(r: Run): Promise<void> {
    const pairing = readShopPairing(store);
    if (!pairing || !store.shopState().paired) return;
    let failures = 0;
    while (!r.stopped) {
      try {
        const privateKey = await loadTillKey(opts.credentials, store.tillId());
        if (!privateKey) {
          failed(new ShopError('HTTP', 'the till key is not in the keychain; pair again', 401, 'no_key'));
          return;
        }
        const addresses = addressBook();
        const client = createShopClient({
          ...opts.client, baseUrl: pairing.serverUrl, ...(addresses ? { addresses } : {}), pin: pairing.pin, tillId: pairing.tillId, privateKey, now, clock, random,
        });
        liveClient = client;
        await Promise.all([pull(r, client, pairing), push(r, client)]);
        return;
      } catch (error) {
        failed(error);
        failures += 1;
        await pause(r, delay(failures), false);
      }
    }
  }

  async function stop(): Promise<void> {
    const current = run;
    run = null;
    liveClient = null;
    if (!current) return;
    current.stopped = true;
    current.abort.abort();
    await current.done.catch(() => {});
  }

  return {
    async restart() {
      await stop();
      lastContact = null;
      unreachableSince = null;
      problem = null;
      versionProblem = null;
      auditDueAt = 0;
      healRounds = 0;
      feedRead = false;
      settingsSent.clear();
      asideReported = null;
      asideUnsupported = false;
      asideCount = -1;
      const r: Run = { stopped: false, abort: new AbortController(), wake: null, kicked: false, backoffWake: null, done: Promise.resolve() };
      r.done = begin(r).catch((error: unknown) => log(`shop server link stopped: ${error instanceof Error ? error.message : String(error)}`));
      run = r;
    },
    stop,
    kick() {
      nudge();
    },
    editedHere() {
      if (store.shopState().paired) retryAside();
      nudge();
    },
    heard() {
      heardElsewhere();
    },
    trouble(error) {
      // Only while the loops run (a paired till); the loops' next answer says it is back.
      if (run) failed(error);
    },
    line() {
      if (!store.shopState().paired) return null;
      // A version problem is said while it lasts, even when the feed answers (the sales wait in the queue).
      const away = unreachableSince ?? versionProblem?.since ?? null;
      return {
        unreachableSince: away, problem: unreachableSince !== null ? problem : versionProblem?.code ?? problem, salesWaiting: store.salesWaitingForShop(), salesUnsendable: store.unsendableSalesCount(),
        feedAside: store.feedAsideCount(),
        feedCursor: store.shopState().cursor,
        tillName: store.getSetting('till_name')?.trim() || DEFAULT_TILL_NAME,
        upload: uploadLine(),
      };
    },
    lastContactAt: () => lastContact,
    lastAudit: () => audited,
    clock,
    pairing: () => (store.shopState().paired ? readShopPairing(store) : null),
    addresses: addressBook,
    client: () => (run && store.shopState().paired ? liveClient : null),
  };
}
