/**
 * The outbox engine: sends waiting sales (oldest first, a bounded number at a time, one sender per sale),
 * looks up the fate of queued documents on a schedule (poll-schedule.ts: never per event, one poll at a time,
 * timed from what this service has taken so far), and treats "offline" as a state with a capped probe, not as an
 * error storm. It resumes by itself after a restart because everything it knows is in the store.
 */
import { isApiError } from '../../../common/invoicing/errors';
import type { OutboxEntry, OutboxState } from '../store/outbox';
import { DEFAULT_TIMING, learnFromPoll, type ConfirmTiming, type TimingObservation } from '../../../shared/api/confirm-timing';
import { PollSchedule } from './poll-schedule';
import { pollPending } from './poller';
import type { SyncApi, SyncStore } from './ports';
import { ProbeSchedule } from './probe-schedule';
import { createRangeProvider } from './range-provider';
import { isConnectivityFailure, submitSale, type SendDeps } from './sender';
import { Wakeup, type Timers } from './wakeup';

export type Connection = 'online' | 'offline' | 'unauthorized';

/**
 * What the engine is doing, for the status bar: sending, validating (documents wait for the tax authority),
 * held by the service's rate limit (until `resumesAt`), checking the connection (a probe or the first call is
 * out), or waiting to check it again (offline, next probe at `resumesAt`).
 */
export type SyncActivity = 'idle' | 'sending' | 'validating' | 'rate_limited' | 'checking_connection' | 'waiting_for_connection';

export interface SyncSnapshot {
  connection: Connection;
  counts: Record<OutboxState, number>;
  /** The last problem in plain words (cleared once sending works again). */
  lastError: string | null;
  /** A machine code for it, so the UI can say it in the cashier's language: NETWORK, TIMEOUT, RATE_LIMITED, … */
  lastErrorCode: string | null;
  lastErrorAt: number | null;
  activity?: SyncActivity;
  /** With rate_limited: when requests resume; with waiting_for_connection: the next check. */
  resumesAt?: number | null;
}

export type SyncEvent =
  | { type: 'status'; snapshot: SyncSnapshot }
  | { type: 'sale'; entryId: number; referenceCode: string; state: string };

export interface SyncEngineOptions {
  store: SyncStore;
  api: SyncApi;
  /** The service `api` talks to: only sales recorded for it are sent and polled (see SaleInput.service). */
  service?: string;
  now?: () => number;
  random?: () => number;
  /** Timers for the engine's waits (tests pass a fake clock's). */
  timers?: Timers;
  /** Sales in flight at once. */
  concurrency?: number;
  /** Delay between attempts of one sale after a service-side failure (not used while offline). */
  retry?: { baseMs: number; capMs: number };
  /**
   * initialMs: the shortest gap between polls; followUpMaxMs: the longest follow-up step while documents normally
   * finish; maxMs: the longest gap; gapPerWaitingMs: how much each further document waiting for the service
   * stretches the gap (see poll-schedule.ts).
   */
  poll?: { initialMs: number; maxMs: number; perPage: number; maxLookups: number; gapPerWaitingMs?: number; followUpMaxMs?: number };
  /** Probe interval while offline: backs off from baseMs, never beyond capMs. */
  probe?: { baseMs: number; capMs: number };
  /** How often the sender looks for sales whose retry time has come, when nothing woke it. */
  idleCheckMs?: number;
  /**
   * Issue 28: the shop server confirms for the shop. The engine tells it of each document the service queued and of
   * each verdict it learnt itself, and does not poll the documents it `covers` (the server watches them now). Whatever
   * it stops covering (the server away, refusing, or silent too long) the engine polls again by itself, at once.
   */
  delegate?: ConfirmDelegate;
}

/** The shop's confirmations as the engine sees them (electron/core/shop/confirm-watch.ts). */
export interface ConfirmDelegate {
  /** The service queued a document of this till's: the server should watch it. */
  queued(referenceCode: string): void;
  /** The engine learnt a document's verdict itself: the server need not watch it any more. */
  settled(referenceCode: string): void;
  /** The server confirms this document now: the engine does not poll it. */
  covers(entry: OutboxEntry): boolean;
  /** Calls `listener` whenever what it covers may have shrunk (the engine then looks again at once). */
  onCoverChange(listener: () => void): () => void;
}

export interface SyncEngine {
  start(): void;
  stop(): Promise<void>;
  /** New work (a sale was charged) or the user asked to retry now: wakes the sender; offline, one probe at most. */
  kick(): void;
  /**
   * A person asked to try again, or the credentials were just replaced: check the connection now (whatever the
   * backoff, even after a refusal of the old credentials) and send. Never called per charge.
   */
  retryNow(): void;
  snapshot(): SyncSnapshot;
  subscribe(listener: (event: SyncEvent) => void): () => void;
}

/** The poll's tuning in the app (see SyncEngineOptions.poll); benchmarks scale its times with their window. */
export const DEFAULT_POLL = { initialMs: 100, maxMs: 30_000, perPage: 100, maxLookups: 20, gapPerWaitingMs: 150, followUpMaxMs: 350 };

/** Wrong credentials are not fixed by asking often: their probe keeps the long interval. */
const UNAUTHORIZED_PROBE_CAP_MS = 60_000;
/** A rate-limit hold shorter than this is ordinary pacing, not worth a word on the status bar. */
const HOLD_WORTH_SAYING_MS = 1_000;

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { store, api } = opts;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const timers = opts.timers;
  const concurrency = opts.concurrency ?? 4;
  const poll = { ...DEFAULT_POLL, ...opts.poll };
  const idleCheckMs = opts.idleCheckMs ?? 1_000;
  const timingKey = opts.service ?? '';
  const sendDeps: SendDeps = {
    store, api, now, random,
    ranges: createRangeProvider({ store, api, now }),
    retry: opts.retry ?? { baseMs: 2_000, capMs: 5 * 60_000 },
  };

  const listeners = new Set<(event: SyncEvent) => void>();
  const sendWake = new Wakeup(timers);
  const pollWake = new Wakeup(timers);
  const probeWake = new Wakeup(timers);
  const statusWake = new Wakeup(timers);
  let timing: ConfirmTiming = readTiming();
  const schedule = new PollSchedule(
    {
      minGapMs: poll.initialMs, maxGapMs: poll.maxMs, gapPerWaitingMs: poll.gapPerWaitingMs,
      followUpMaxMs: Math.max(poll.initialMs, poll.followUpMaxMs),
    },
    () => timing,
  );
  const probes = new ProbeSchedule(opts.probe ?? { baseMs: 1_000, capMs: 3_000 }, random);
  let running = false;
  let loops: Promise<void>[] = [];
  let connection: Connection = 'online';
  /** Some call has reached the service since start: until then "online" is only a hope. */
  let verified = false;
  let probing = false;
  let promptPending = false;
  let lastError: string | null = null;
  let lastErrorCode: string | null = null;
  let lastErrorAt: number | null = null;
  let lastShown = '';

  function readTiming(): ConfirmTiming {
    try {
      return store.syncTiming?.(timingKey) ?? DEFAULT_TIMING;
    } catch {
      return DEFAULT_TIMING;
    }
  }
  function learn(observations: readonly TimingObservation[]): void {
    if (observations.length === 0) return;
    timing = learnFromPoll(timing, observations);
    try {
      store.saveSyncTiming?.(timingKey, timing);
    } catch {
      // the estimate is a help, not a condition: it goes on in memory
    }
  }

  /** Whether the shop server covers this document now; a delegate that fails covers nothing (the engine polls). */
  function delegated(entry: OutboxEntry): boolean {
    try {
      return opts.delegate?.covers(entry) ?? false;
    } catch {
      return false;
    }
  }
  /** Tells the delegate; its failure is its own (the engine's work never depends on it). */
  function tellDelegate(call: () => void): void {
    try {
      call();
    } catch {
      // the server learns of it at the delegate's next full report
    }
  }
  let stopCoverWatch: (() => void) | null = null;

  // A function, so TypeScript does not narrow `connection` across awaits where other tasks change it.
  const currentConnection = (): Connection => connection;
  const activity = (): { activity: SyncActivity; resumesAt: number | null } => {
    if (connection === 'unauthorized') return { activity: 'idle', resumesAt: null };
    if (probing || (connection === 'online' && !verified)) return { activity: 'checking_connection', resumesAt: null };
    if (connection === 'offline') return { activity: 'waiting_for_connection', resumesAt: probes.nextAt };
    const c = store.counts();
    if (c.waiting + c.sending + c.queued === 0) return { activity: 'idle', resumesAt: null };
    const hold = api.rateHold?.() ?? null;
    if (hold && hold.untilMs - now() >= HOLD_WORTH_SAYING_MS) return { activity: 'rate_limited', resumesAt: hold.untilMs };
    return { activity: c.waiting + c.sending > 0 ? 'sending' : 'validating', resumesAt: null };
  };
  const snapshot = (): SyncSnapshot => ({
    connection, counts: store.counts(), lastError, lastErrorCode, lastErrorAt, ...activity(),
  });
  const emit = (event: SyncEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // a failing listener must not stop the engine
      }
    }
  };
  const emitStatus = (): void => {
    const s = snapshot();
    lastShown = `${s.connection}/${s.activity}/${s.resumesAt ?? ''}`;
    emit({ type: 'status', snapshot: s });
  };
  const noteError = (error: Error): void => {
    lastError = error.message;
    lastErrorCode = errorCode(error);
    lastErrorAt = now();
  };
  const clearError = (): void => {
    lastError = null;
    lastErrorCode = null;
    lastErrorAt = null;
  };
  const reached = (): void => {
    verified = true;
    setConnection('online');
  };
  const setConnection = (next: Connection): void => {
    if (connection === next) return;
    connection = next;
    if (next === 'online') {
      probes.reset();
      sendWake.wake();
      pollWake.wake();
    } else {
      probes.reset();
      probes.scheduleNext(now(), next === 'unauthorized' ? UNAUTHORIZED_PROBE_CAP_MS : undefined);
      probeWake.wake();
    }
    emitStatus();
  };

  async function sendLoop(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    while (running) {
      const free = concurrency - inFlight.size;
      if (connection === 'online' && free > 0) {
        for (const entry of store.claimNext(free, opts.service)) {
          emit({ type: 'sale', entryId: entry.id, referenceCode: entry.referenceCode, state: 'sending' });
          const task = submitSale(sendDeps, entry).then((result) => {
            if (result.kind === 'retry-later') {
              noteError(result.error);
              if (result.connectivity) setConnection('offline');
            } else if (result.kind === 'unauthorized') {
              noteError(result.error);
              setConnection('unauthorized');
            } else {
              // A sale went through: whatever went wrong before is over.
              clearError();
              reached();
              // Its first look-up is scheduled from the learned timing; the poll loop only recomputes its timer.
              if (result.state === 'queued') {
                schedule.queued(entry.id, now());
                tellDelegate(() => opts.delegate?.queued(entry.referenceCode));
              }
              pollWake.wake();
            }
            emit({ type: 'sale', entryId: entry.id, referenceCode: entry.referenceCode, state: result.kind === 'done' ? result.state : 'waiting' });
            emitStatus();
          }).catch((error: unknown) => {
            // A local failure (the store refused a change): the sale must not stay 'sending' until the next start.
            const failure = error instanceof Error ? error : new Error(String(error));
            noteError(failure);
            try {
              store.scheduleRetry(entry.id, now() + sendDeps.retry.capMs, failure.message);
            } catch {
              // the entry moved on meanwhile (validated or needs attention): nothing to put back
            }
            emitStatus();
          });
          const tracked = task.finally(() => {
            inFlight.delete(tracked);
            sendWake.wake();
          });
          inFlight.add(tracked);
        }
      }
      await sendWake.wait(idleCheckMs);
    }
    await Promise.allSettled([...inFlight]);
  }

  /** The one poll loop: a wake only makes it recompute when the next poll is due, never polls by itself. */
  async function pollLoop(): Promise<void> {
    while (running) {
      if (currentConnection() !== 'online') {
        await pollWake.wait(poll.maxMs);
        continue;
      }
      const t = now();
      // Documents the shop server confirms for this till (issue 28) are its to look at, not this engine's.
      const awaiting = store.listAwaitingValidation(opts.service).filter((e) => e.remoteId !== null && !delegated(e));
      schedule.reconcile(awaiting.map((e) => e.id), t);
      // While a backlog is being sent, polls would spend the rate budget the sends need: at most every maxMs then.
      const c = store.counts();
      const at = schedule.nextPollAt(t, c.waiting + c.sending > concurrency);
      if (at === null || at > t) {
        await pollWake.wait(at === null ? poll.maxMs : at - t);
        continue;
      }
      const due = schedule.startPoll(t);
      try {
        const result = await pollPending(store, api, {
          perPage: poll.perPage, maxLookups: poll.maxLookups, only: due, ...(opts.service === undefined ? {} : { service: opts.service }),
        });
        reached();
        const observations: TimingObservation[] = [];
        for (const look of result.looked) {
          const obs = schedule.seen(look.entryId, t, look.final);
          if (obs) observations.push(obs);
        }
        learn(observations);
        for (const update of result.updates) {
          emit({ type: 'sale', ...update });
          if (update.state !== 'queued') tellDelegate(() => opts.delegate?.settled(update.referenceCode));
        }
        if (result.changed > 0) emitStatus();
      } catch (error) {
        if (error instanceof Error) noteError(error);
        if (isApiError(error) && isConnectivityFailure(error)) setConnection('offline');
        else if (isApiError(error) && error.kind === 'auth') setConnection('unauthorized');
        emitStatus();
        // Not again before the longest gap: a failing service is not asked harder.
        await pollWake.wait(poll.maxMs);
      }
    }
  }

  async function probeLoop(): Promise<void> {
    while (running) {
      if (currentConnection() === 'online' && verified) {
        await probeWake.wait(60_000);
        continue;
      }
      const t = now();
      const at = probes.nextAt ?? t;
      if (at > t && !promptPending) {
        await probeWake.wait(at - t);
        continue;
      }
      // Woken before its time by a charge: a prompted probe, which must not push the scheduled one further away.
      const prompted = at > t;
      promptPending = false;
      probing = true;
      emitStatus();
      try {
        await api.listDocuments({ page: 1, perPage: 1 });
        clearError();
        probing = false;
        reached();
      } catch (error) {
        if (error instanceof Error) noteError(error);
        const auth = isApiError(error) && error.kind === 'auth';
        if (!prompted) probes.failed(now(), auth || currentConnection() === 'unauthorized' ? UNAUTHORIZED_PROBE_CAP_MS : undefined);
        // The service answered: it is reachable even if it refuses us.
        if (auth) setConnection('unauthorized');
        else if (isApiError(error) && !isConnectivityFailure(error) && error.kind === 'permanent') reached();
        else if (isApiError(error) && isConnectivityFailure(error)) setConnection('offline');
      } finally {
        probing = false;
        emitStatus();
      }
    }
  }

  /** Says so when what the engine is doing changes on its own (a rate-limit hold starts or ends). Local only. */
  async function statusLoop(): Promise<void> {
    while (running) {
      await statusWake.wait(1_000);
      if (!running) break;
      const s = snapshot();
      if (`${s.connection}/${s.activity}/${s.resumesAt ?? ''}` !== lastShown) emitStatus();
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopCoverWatch = opts.delegate?.onCoverChange(() => pollWake.wake()) ?? null;
      loops = [sendLoop(), pollLoop(), probeLoop(), statusLoop()];
      emitStatus();
    },
    async stop() {
      running = false;
      stopCoverWatch?.();
      stopCoverWatch = null;
      sendWake.wake();
      pollWake.wake();
      probeWake.wake();
      statusWake.wake();
      await Promise.allSettled(loops);
      loops = [];
    },
    kick() {
      sendWake.wake();
      // Offline, a charge may bring the next check forward once; it never triggers a poll.
      if ((connection !== 'online' || !verified) && !probing && probes.prompt()) {
        promptPending = true;
        probeWake.wake();
      }
    },
    retryNow() {
      probes.reset();
      sendWake.wake();
      if (!probing) probeWake.wake();
    },
    snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A stable code for an error: the service's or the client's code, else its kind. */
function errorCode(error: Error): string {
  if (isApiError(error)) {
    if (error.status === 429) return 'RATE_LIMITED';
    return error.code ?? error.kind.toUpperCase();
  }
  return error.name === 'RangeUnavailableError' ? 'RANGE_UNAVAILABLE' : 'LOCAL';
}
