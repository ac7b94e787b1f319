/**
 * For fake-clock tests of the sync engine: fake timers (the engine's waits) and a scripted invoicing service that
 * answers from the fake clock (a document is VALIDATED `delayMs` after it was created), counts every call, can be
 * taken down, can hold list calls open, and can say the rate budget is holding requests back. Not the sandbox: the
 * sandbox runs on real time, and these tests need minutes of engine time to pass in milliseconds.
 */
import { ApiError } from '../../common/invoicing/errors';
import type { SyncApi } from '../../electron/core/sync/ports';
import type { Timers } from '../../electron/core/sync/wakeup';
import type { RemoteDocument } from '../../shared/api/document';

export interface FakeTimers {
  now: () => number;
  timers: Timers;
  /** Moves time forward by `ms`, firing every timer due on the way (and letting promises settle in between). */
  advance(ms: number): Promise<void>;
}

export async function settle(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

export function createFakeTimers(start = 1_800_000_000_000): FakeTimers {
  let time = start;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => time,
    timers: {
      setTimeout(fn, ms) {
        const id = ++seq;
        pending.set(id, { at: time + Math.max(0, ms), fn });
        return id;
      },
      clearTimeout(handle) {
        pending.delete(handle as number);
      },
    },
    async advance(ms) {
      const end = time + ms;
      for (let step = 0; step < 100_000; step++) {
        await settle();
        let nextId = -1;
        let nextAt = Number.POSITIVE_INFINITY;
        for (const [id, t] of pending) if (t.at < nextAt || (t.at === nextAt && id < nextId)) { nextId = id; nextAt = t.at; }
        if (nextId < 0 || nextAt > end) break;
        const timer = pending.get(nextId) as { fn: () => void };
        pending.delete(nextId);
        time = Math.max(time, nextAt);
        timer.fn();
      }
      time = end;
      await settle();
    },
  };
}

export interface ScriptedService extends SyncApi {
  calls: { create: number; get: number; list: number; probe: number };
  /** List calls in flight now, and the most ever at once. */
  listsInFlight: number;
  maxListsInFlight: number;
  down: boolean;
  /** While set, list calls stay open until `releaseLists()`. */
  holdLists: boolean;
  releaseLists(): void;
  hold: { untilMs: number; reason: 'retry-after' | 'window' } | null;
}

export function scriptedService(clock: { now: () => number }, delayMs: (n: number) => number): ScriptedService {
  const docs = new Map<string, { createdAt: number; delay: number; ref: string }>();
  let held: Array<() => void> = [];
  const unreachable = () => new ApiError({ kind: 'transient', code: 'NETWORK', message: 'connect ECONNREFUSED 127.0.0.1' });
  const view = (id: string): RemoteDocument => {
    const d = docs.get(id) as { createdAt: number; delay: number; ref: string };
    const done = clock.now() >= d.createdAt + d.delay;
    return {
      id, type: '01', reference_code: d.ref, status: done ? 'VALIDATED' : 'QUEUED',
      full_number: done ? `SETP${990000000 + [...docs.keys()].indexOf(id)}` : null,
      cufe: done ? 'a'.repeat(64) : null, qr_url: done ? 'https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=x' : null,
      qr_image: null, errors: [], raw: {},
    };
  };
  const service: ScriptedService = {
    calls: { create: 0, get: 0, list: 0, probe: 0 },
    listsInFlight: 0,
    maxListsInFlight: 0,
    down: false,
    holdLists: false,
    hold: null,
    releaseLists() {
      const release = held;
      held = [];
      for (const go of release) go();
    },
    rateHold() {
      return service.hold;
    },
    async createInvoice(body) {
      service.calls.create++;
      if (service.down) throw unreachable();
      const ref = (JSON.parse(body) as { reference_code: string }).reference_code;
      const existing = [...docs].find(([, d]) => d.ref === ref);
      if (existing) return view(existing[0]);
      const id = `00000000-0000-4000-8000-${String(docs.size + 1).padStart(12, '0')}`;
      docs.set(id, { createdAt: clock.now(), delay: delayMs(docs.size), ref });
      return view(id);
    },
    async getDocument(id) {
      service.calls.get++;
      if (service.down) throw unreachable();
      return view(id);
    },
    async listDocuments(query) {
      if (query?.perPage === 1) service.calls.probe++;
      else service.calls.list++;
      if (service.down) throw unreachable();
      service.listsInFlight++;
      service.maxListsInFlight = Math.max(service.maxListsInFlight, service.listsInFlight);
      try {
        if (service.holdLists) await new Promise<void>((resolve) => held.push(resolve));
        const page = query?.page ?? 1;
        const perPage = query?.perPage ?? 20;
        const all = [...docs.keys()].reverse();
        return {
          documents: all.slice((page - 1) * perPage, page * perPage).map(view),
          page: { page, per_page: perPage, total: all.length, total_pages: Math.max(1, Math.ceil(all.length / perPage)) },
        };
      } finally {
        service.listsInFlight--;
      }
    },
    async listNumberingRanges() {
      return [];
    },
  };
  return service;
}
