/**
 * The outbox engine: sends waiting sales (oldest first, a bounded number at a time, one sender per sale),
 * polls the service for the fate of queued documents, and treats "offline" as a state with a backed-off probe,
 * not as an error storm. It resumes by itself after a restart because everything it knows is in the store.
 */
import { isApiError } from '../api/errors';
import { backoffDelayMs } from '../api/retry';
import type { OutboxState } from '../store/outbox';
import { pollPending } from './poller';
import type { SyncApi, SyncStore } from './ports';
import { createRangeProvider } from './range-provider';
import { isConnectivityFailure, submitSale, type SendDeps } from './sender';
import { Wakeup } from './wakeup';

export type Connection = 'online' | 'offline' | 'unauthorized';

export interface SyncSnapshot {
  connection: Connection;
  counts: Record<OutboxState, number>;
  /** The last problem in plain words (cleared once sending works again). */
  lastError: string | null;
  /** A machine code for it, so the UI can say it in the cashier's language: NETWORK, TIMEOUT, RATE_LIMITED, … */
  lastErrorCode: string | null;
  lastErrorAt: number | null;
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
  /** Sales in flight at once. */
  concurrency?: number;
  /** Delay between attempts of one sale after a service-side failure (not used while offline). */
  retry?: { baseMs: number; capMs: number };
  poll?: { initialMs: number; maxMs: number; perPage: number; maxLookups: number };
  /** Backoff of the connectivity probe while offline. */
  probe?: { baseMs: number; capMs: number };
  /** How often the sender looks for sales whose retry time has come, when nothing woke it. */
  idleCheckMs?: number;
}

export interface SyncEngine {
  start(): void;
  stop(): Promise<void>;
  /** New work (a sale was charged) or the user asked to retry now: wake everything, probe at once if offline. */
  kick(): void;
  snapshot(): SyncSnapshot;
  subscribe(listener: (event: SyncEvent) => void): () => void;
}

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { store, api } = opts;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const concurrency = opts.concurrency ?? 4;
  const poll = opts.poll ?? { initialMs: 1_000, maxMs: 30_000, perPage: 100, maxLookups: 20 };
  const probe = opts.probe ?? { baseMs: 1_000, capMs: 60_000 };
  const idleCheckMs = opts.idleCheckMs ?? 1_000;
  const sendDeps: SendDeps = {
    store, api, now, random,
    ranges: createRangeProvider({ store, api, now }),
    retry: opts.retry ?? { baseMs: 2_000, capMs: 5 * 60_000 },
  };

  const listeners = new Set<(event: SyncEvent) => void>();
  const sendWake = new Wakeup();
  const pollWake = new Wakeup();
  const probeWake = new Wakeup();
  let running = false;
  let loops: Promise<void>[] = [];
  let connection: Connection = 'online';
  let lastError: string | null = null;
  let lastErrorCode: string | null = null;
  let lastErrorAt: number | null = null;
  let sendsJustFinished = false;

  // A function, so TypeScript does not narrow `connection` across awaits where other tasks change it.
  const currentConnection = (): Connection => connection;
  const snapshot = (): SyncSnapshot => ({ connection, counts: store.counts(), lastError, lastErrorCode, lastErrorAt });
  const emit = (event: SyncEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // a failing listener must not stop the engine
      }
    }
  };
  const emitStatus = (): void => emit({ type: 'status', snapshot: snapshot() });
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
  const setConnection = (next: Connection): void => {
    if (connection === next) return;
    connection = next;
    if (next === 'online') {
      sendWake.wake();
      pollWake.wake();
    } else {
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
              setConnection('online');
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
      const wasBusy = inFlight.size > 0;
      await sendWake.wait(idleCheckMs);
      // The last send just finished: read the fates now rather than at the next poll tick.
      if (wasBusy && inFlight.size === 0) {
        sendsJustFinished = true;
        pollWake.wake();
      }
    }
    await Promise.allSettled([...inFlight]);
  }

  async function pollLoop(): Promise<void> {
    let interval = poll.initialMs;
    let lastPollAt = 0;
    while (running) {
      await pollWake.wait(interval);
      if (sendsJustFinished) {
        // Fresh documents are about to be validated: look again soon, not after a backed-off interval.
        sendsJustFinished = false;
        interval = poll.initialMs;
      }
      if (!running || connection !== 'online') continue;
      // While a backlog is being sent, polling would spend the rate budget the sends need; the fates are read
      // in one sweep when the backlog is gone, and at least every `maxMs` so the screen never looks frozen.
      const c = store.counts();
      if (c.waiting + c.sending > concurrency && now() - lastPollAt < poll.maxMs) continue;
      lastPollAt = now();
      try {
        const result = await pollPending(store, api, opts.service === undefined ? poll : { ...poll, service: opts.service });
        for (const update of result.updates) emit({ type: 'sale', ...update });
        if (result.changed > 0) emitStatus();
        // Back off while nothing moves; come back quickly once things change.
        interval = result.changed > 0 ? poll.initialMs : Math.min(poll.maxMs, Math.round(interval * 1.5));
        if (result.pending === 0) interval = poll.initialMs;
      } catch (error) {
        interval = Math.min(poll.maxMs, interval * 2);
        if (error instanceof Error) noteError(error);
        if (isApiError(error) && isConnectivityFailure(error)) setConnection('offline');
        else if (isApiError(error) && error.kind === 'auth') setConnection('unauthorized');
        emitStatus();
      }
    }
  }

  async function probeLoop(): Promise<void> {
    let attempt = 0;
    while (running) {
      if (connection === 'online') {
        attempt = 0;
        await probeWake.wait(60_000);
        continue;
      }
      await probeWake.wait(backoffDelayMs(attempt, probe, random) + probe.baseMs / 2);
      if (!running || currentConnection() === 'online') continue;
      try {
        await api.listDocuments({ page: 1, perPage: 1 });
        clearError();
        setConnection('online');
      } catch (error) {
        attempt = Math.min(attempt + 1, 16);
        if (error instanceof Error) noteError(error);
        // The service answered: it is reachable even if it refuses us.
        if (isApiError(error) && error.kind === 'auth') setConnection('unauthorized');
        else if (isApiError(error) && !isConnectivityFailure(error) && error.kind === 'permanent') setConnection('online');
        emitStatus();
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loops = [sendLoop(), pollLoop(), probeLoop()];
      emitStatus();
    },
    async stop() {
      running = false;
      sendWake.wake();
      pollWake.wake();
      probeWake.wake();
      await Promise.allSettled(loops);
      loops = [];
    },
    kick() {
      sendWake.wake();
      pollWake.wake();
      probeWake.wake();
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
