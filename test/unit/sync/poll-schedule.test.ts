import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { DEFAULT_TIMING, learnFromPoll, learnTiming, storedTiming } from '../../../shared/api/confirm-timing';
import { PollSchedule } from '../../../electron/core/sync/poll-schedule';
import { createSyncEngine, type SyncEngine } from '../../../electron/core/sync/sync-engine';
import { sampleSale } from '../../support/sample-sale';
import { createFakeTimers, scriptedService, type FakeTimers, type ScriptedService } from '../../support/scripted-service';

const RANGE = '2b056443-0000-4000-8000-000000000001';
let dir: string | null = null;
let store: Store | null = null;
let engine: SyncEngine | null = null;
let clock: FakeTimers | null = null;

afterEach(async () => {
  if (engine) {
    const stopping = engine.stop();
    await clock?.advance(10);
    await stopping;
  }
  store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  engine = null; store = null; dir = null; clock = null;
});

/** A real SQLite file, the real engine, on a fake clock against a scripted service. */
function rig(delayMs: (n: number) => number, timing?: { firstLookMs: number; settleMs: number; samples: number }) {
  clock = createFakeTimers();
  dir = mkdtempSync(join(tmpdir(), 'mostrador-poll-'));
  store = openStore({ path: join(dir, 'poll.sqlite'), now: clock.now });
  if (timing) store.saveSyncTiming('', timing);
  const service = scriptedService(clock, delayMs);
  engine = createSyncEngine({
    store, api: service, now: clock.now, timers: clock.timers, random: () => 0.5,
    poll: { initialMs: 250, maxMs: 30_000, perPage: 100, maxLookups: 20 },
  });
  engine.start();
  return { clock, store, service, engine };
}

const charge = (r: { store: Store; engine: SyncEngine }, i: number) => {
  r.store.recordSale(sampleSale(i, RANGE));
  r.engine.kick();
};
const looks = (s: ScriptedService) => s.calls.get + s.calls.list;

describe('poll scheduler (fake clock, scripted service)', () => {
  it('times the first look-up of a fresh document from the learned estimate, not from the send', async () => {
    const r = rig(() => 2_000, { firstLookMs: 2_000, settleMs: 3_000, samples: 20 });
    await r.clock.advance(50); // the start-up connection check
    charge(r, 0);
    await r.clock.advance(1_900);
    expect(r.service.calls.create).toBe(1);
    expect(looks(r.service)).toBe(0);
    await r.clock.advance(200);
    expect(r.service.calls.get).toBe(1);
    expect(r.store.counts().validated).toBe(1);
  });

  it('never polls because a sale was charged or sent: charges only add due times', async () => {
    const r = rig(() => 5_000, { firstLookMs: 5_000, settleMs: 6_000, samples: 20 });
    await r.clock.advance(50);
    for (let i = 0; i < 40; i++) {
      charge(r, i);
      await r.clock.advance(100);
    }
    // 40 charges and 40 sends in 4 s, the first due at 5 s: not one look yet.
    expect(r.service.calls.create).toBe(40);
    expect(looks(r.service)).toBe(0);
    await r.clock.advance(10_000);
    expect(r.store.counts().validated).toBe(40);
  });

  it('keeps one list poll in flight and coalesces every due document into it', async () => {
    const r = rig(() => 1_000, { firstLookMs: 1_000, settleMs: 2_000, samples: 20 });
    await r.clock.advance(50);
    r.service.holdLists = true;
    for (let i = 0; i < 12; i++) charge(r, i);
    await r.clock.advance(1_100);
    expect(r.service.calls.list).toBe(1);
    // Time passes and more sales are sent while the list is out: still the one poll.
    for (let i = 12; i < 20; i++) charge(r, i);
    await r.clock.advance(5_000);
    expect(r.service.listsInFlight).toBe(1);
    expect(r.service.calls.list).toBe(1);
    r.service.holdLists = false;
    r.service.releaseLists();
    await r.clock.advance(5_000);
    expect(r.service.maxListsInFlight).toBe(1);
    expect(r.store.counts().validated).toBe(20);
  });

  it('stretches the gap between polls as traffic grows, so a busy stream costs far fewer looks per invoice', async () => {
    const schedule = new PollSchedule({ minGapMs: 250, maxGapMs: 30_000, gapPerWaitingMs: 150, followUpMaxMs: 400 }, () => DEFAULT_TIMING);
    schedule.queued(0, 0);
    const quietGap = schedule.gapMs();
    for (let i = 1; i < 20; i++) schedule.queued(i, i * 100); // 10 per second, 2 s each: 20 waiting
    expect(schedule.gapMs()).toBeGreaterThan(quietGap * 3);

    const r = rig(() => 2_000, { firstLookMs: 2_000, settleMs: 3_000, samples: 20 });
    await r.clock.advance(50);
    for (let i = 0; i < 100; i++) {
      charge(r, i);
      await r.clock.advance(100);
    }
    await r.clock.advance(10_000);
    expect(r.store.counts().validated).toBe(100);
    expect(looks(r.service)).toBeLessThan(100 / 4);
  });

  it('learns the service timing into SQLite, per service, and times the next first look from it', async () => {
    const r = rig(() => 1_500);
    await r.clock.advance(50);
    for (let i = 0; i < 6; i++) {
      charge(r, i);
      await r.clock.advance(4_000);
    }
    expect(r.store.counts().validated).toBe(6);
    const learned = r.store.syncTiming('');
    expect(learned?.samples).toBe(6);
    // A low estimate on purpose (a late look costs the cashier), learned from the documents, not the default.
    expect(learned?.firstLookMs).not.toBe(DEFAULT_TIMING.firstLookMs);
    expect(learned?.firstLookMs).toBeGreaterThan(500);
    expect(learned?.firstLookMs).toBeLessThanOrEqual(1_500);
    expect(learned?.settleMs).toBeGreaterThanOrEqual(1_500);
    // The next sale: no look until the learned time has (nearly) come.
    const before = looks(r.service);
    charge(r, 99);
    await r.clock.advance((learned?.firstLookMs ?? 0) - 100);
    expect(looks(r.service)).toBe(before);
    expect(r.store.syncTiming('https://other.example|fc_x')).toBeNull();
  });

  it('does not hold the last sales of a burst for the stretched gap: one poll covers them once all are due', () => {
    const timing = { firstLookMs: 200, settleMs: 400, samples: 10 };
    const tuning = { minGapMs: 10, maxGapMs: 3_000, gapPerWaitingMs: 15, followUpMaxMs: 35 };
    const schedule = new PollSchedule(tuning, () => timing);
    for (let i = 0; i < 300; i++) schedule.queued(i, 0);
    schedule.startPoll(200);
    for (let i = 0; i < 300; i++) schedule.seen(i, 200, false);
    // 300 waiting stretch the gap to the longest, yet the last sale queued at 250 is due at 450 and so is every other.
    schedule.queued(300, 250);
    expect(schedule.gapMs()).toBe(3_000);
    expect(schedule.nextPollAt(250)).toBe(450);
    // Follow-ups alone (no first look pending) keep the stretched gap: a stalled service is not asked harder.
    schedule.startPoll(450);
    for (let i = 0; i <= 300; i++) schedule.seen(i, 450, false);
    expect(schedule.nextPollAt(450)).toBe(3_450);
    // While a sending backlog comes first, nothing changes: the longest gap.
    schedule.queued(301, 460);
    expect(schedule.nextPollAt(460, true)).toBe(3_450);
  });

  it('looks again soon while a document normally finishes, and backs off once it is long overdue', () => {
    const timing = { firstLookMs: 1_000, settleMs: 2_000, samples: 10 };
    const schedule = new PollSchedule({ minGapMs: 250, maxGapMs: 30_000, gapPerWaitingMs: 150, followUpMaxMs: 400 }, () => timing);
    schedule.queued(1, 0);
    expect(schedule.nextPollAt(0)).toBe(1_000);
    schedule.startPoll(1_000);
    schedule.seen(1, 1_000, false);
    expect(schedule.nextPollAt(1_000)).toBeLessThanOrEqual(1_300);
    schedule.startPoll(20_000);
    schedule.seen(1, 20_000, false);
    expect(schedule.nextPollAt(20_000)).toBeGreaterThan(25_000);
  });
});

describe('learned timing', () => {
  it('calibrates on the first documents, then drops fast and climbs slowly (a late look costs the cashier)', () => {
    let t = learnTiming(DEFAULT_TIMING, { lowerMs: 1_750, upperMs: 2_000, atFirstLook: false });
    expect(t.firstLookMs).toBeGreaterThan(1_700);
    for (let i = 0; i < 5; i++) t = learnTiming(t, { lowerMs: 1_900, upperMs: 2_150, atFirstLook: false });
    const steady = t.firstLookMs;
    const faster = learnTiming(t, { lowerMs: 0, upperMs: steady, atFirstLook: true });
    expect(faster.firstLookMs).toBeLessThan(steady * 0.85);
    const slower = learnTiming(t, { lowerMs: 8_000, upperMs: 8_200, atFirstLook: false });
    expect(slower.firstLookMs).toBeLessThan(steady * 1.05);
    expect(slower.settleMs).toBeGreaterThan(t.settleMs);
  });

  it('the server rule: calibrates on a time proven queued, never past it, and does not halve on a later first look (issue 28)', () => {
    // The shop's server saw this on its first two polls: queued at 1 835 ms, final at 2 532 (its follow-ups were 350 ms
    // apart before anything was learned), then the next document final at its first look.
    const first = learnTiming(DEFAULT_TIMING, { lowerMs: 1_835, upperMs: 2_532, atFirstLook: false }, 'proven');
    // The midpoint (2 184) was past the time a document was proven queued: the next ones were all late.
    expect(first.firstLookMs).toBe(1_835);
    const second = learnTiming(first, { lowerMs: 0, upperMs: 1_840, atFirstLook: true }, 'proven');
    // The usual drop, not half: halving left the estimate near 1 s for the rest of the run (a percent a document back).
    expect(second.firstLookMs).toBe(Math.round(1_835 * 0.8));
    // Only the very first document of all, final at the default first look, halves (nothing else is known).
    expect(learnTiming(DEFAULT_TIMING, { lowerMs: 0, upperMs: 1_000, atFirstLook: true }, 'proven').firstLookMs).toBe(500);
    // A boot sample never raises the estimate the earlier ones set.
    expect(learnTiming(first, { lowerMs: 1_990, upperMs: 2_040, atFirstLook: false }, 'proven').firstLookMs).toBe(1_835);
    // The same poll under the server's rule, as learnFromPoll takes it.
    expect(learnFromPoll(DEFAULT_TIMING, [{ lowerMs: 1_835, upperMs: 2_532, atFirstLook: false }], 'proven').firstLookMs).toBe(1_835);
    // The till's rule is unchanged: the midpoint, and half on a first look found final.
    const till = learnTiming(DEFAULT_TIMING, { lowerMs: 1_835, upperMs: 2_532, atFirstLook: false });
    expect(till.firstLookMs).toBe(Math.round((1_835 + 2_532) / 2));
    expect(learnTiming(till, { lowerMs: 0, upperMs: 1_840, atFirstLook: true }).firstLookMs).toBe(920);
    // Read back from storage: only a timing the learner could have made.
    expect(storedTiming({ firstLookMs: 1_835, settleMs: 2_532, samples: 7 })).toEqual({ firstLookMs: 1_835, settleMs: 2_532, samples: 7 });
    for (const bad of [{ firstLookMs: -5 }, { settleMs: 10 * 60_000 + 1 }, { firstLookMs: 1.5 }, { samples: -1 }, { settleMs: Number.NaN }]) {
      expect(storedTiming({ firstLookMs: 1_835, settleMs: 2_532, samples: 7, ...bad })).toBeNull();
    }
  });

  it('takes one poll as one trial, however many documents it covered (a drained backlog does not drive it to zero)', () => {
    const steady = { firstLookMs: 200, settleMs: 400, samples: 10 };
    // 300 documents of a drained backlog, all found final at their first look, queued 150 ms to 3 s before the poll.
    const burst = Array.from({ length: 300 }, (_, i) => ({ lowerMs: 0, upperMs: 150 + i * 10, atFirstLook: true }));
    const once = learnFromPoll(steady, burst);
    expect(once.firstLookMs).toBe(Math.round(150 * 0.8));
    expect(once.samples).toBe(11);
    // The slow end moves halfway towards the slowest document of the poll, once.
    expect(once.settleMs).toBe(Math.round(400 + (150 + 299 * 10 - 400) / 2));
    // The same documents counted one by one collapse the estimate.
    const each = burst.reduce((t, o) => learnTiming(t, o), steady);
    expect(each.firstLookMs).toBeLessThan(5);
    // A poll that found every document still queued past its first look climbs once, from the longest proven wait.
    const late = learnFromPoll(steady, [
      { lowerMs: 210, upperMs: 300, atFirstLook: false },
      { lowerMs: 260, upperMs: 350, atFirstLook: false },
    ]);
    expect(late.firstLookMs).toBe(Math.round(200 * 1.01));
    expect(learnFromPoll(steady, [])).toEqual(steady);
  });
});
