import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { ProbeSchedule } from '../../../electron/core/sync/probe-schedule';
import { createSyncEngine, type SyncEngine, type SyncSnapshot } from '../../../electron/core/sync/sync-engine';
import { sampleSale } from '../../support/sample-sale';
import { createFakeTimers, scriptedService, type FakeTimers } from '../../support/scripted-service';

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

function rig(down = false, random = () => 0.5) {
  clock = createFakeTimers();
  dir = mkdtempSync(join(tmpdir(), 'mostrador-probe-'));
  store = openStore({ path: join(dir, 'probe.sqlite'), now: clock.now });
  store.saveSyncTiming('', { firstLookMs: 500, settleMs: 1_000, samples: 20 });
  const service = scriptedService(clock, () => 500);
  service.down = down;
  engine = createSyncEngine({ store, api: service, now: clock.now, timers: clock.timers, random });
  const statuses: SyncSnapshot[] = [];
  engine.subscribe((e) => { if (e.type === 'status') statuses.push(e.snapshot); });
  engine.start();
  return { clock, store, service, engine, statuses };
}

describe('offline probe (fake clock, scripted service)', () => {
  it('charges while offline prompt at most one probe per interval and never push the next check back', async () => {
    const r = rig(true);
    await r.clock.advance(60_000); // long enough for any backoff to reach its cap
    expect(r.engine.snapshot().connection).toBe('offline');
    const probesBefore = r.service.calls.probe;
    // A busy counter while offline: a sale every 200 ms for 20 s.
    for (let i = 0; i < 100; i++) {
      r.store.recordSale(sampleSale(i, RANGE));
      r.engine.kick();
      await r.clock.advance(200);
    }
    const probes = r.service.calls.probe - probesBefore;
    // Scheduled probes every ≤ 3 s plus at most one prompted per interval: far from one per charge.
    expect(probes).toBeLessThanOrEqual(2 * Math.ceil(20_000 / 1_500));
    expect(probes).toBeGreaterThanOrEqual(Math.floor(20_000 / 3_000));
    // The service is back: noticed within the capped interval, and the queue drains at once.
    r.service.down = false;
    const back = r.clock.now();
    let firstSend = 0;
    for (let step = 0; step < 100 && firstSend === 0; step++) {
      const created = r.service.calls.create;
      await r.clock.advance(100);
      if (r.service.calls.create > created && r.engine.snapshot().connection === 'online') firstSend = r.clock.now();
    }
    expect(firstSend - back).toBeLessThanOrEqual(3_100);
    await r.clock.advance(20_000);
    expect(r.store.counts().validated).toBe(100);
  });

  it('the probe interval backs off but never beyond its cap; prompts do not count as attempts', () => {
    const probes = new ProbeSchedule({ baseMs: 1_000, capMs: 3_000 }, () => 0.999);
    probes.scheduleNext(0);
    for (let i = 0; i < 30; i++) probes.failed(i * 10_000);
    expect((probes.nextAt as number) - 290_000).toBeLessThanOrEqual(3_000);
    expect(probes.prompt()).toBe(true);
    expect(probes.prompt()).toBe(false);
    probes.failed(300_000);
    expect(probes.prompt()).toBe(true);
  });
});

describe('engine activity for the status bar (fake clock, scripted service)', () => {
  it('says it is checking the connection before any call came back, then waiting with the next check time', async () => {
    const r = rig(true);
    expect(r.engine.snapshot()).toMatchObject({ connection: 'online', activity: 'checking_connection' });
    await r.clock.advance(5);
    const offline = r.engine.snapshot();
    expect(offline.connection).toBe('offline');
    expect(offline.activity).toBe('waiting_for_connection');
    expect(offline.resumesAt).toBeGreaterThan(r.clock.now());
    expect(offline.resumesAt).toBeLessThanOrEqual(r.clock.now() + 3_000);
  });

  it('says the rate limit holds requests, with when they resume, instead of a frozen "sending"', async () => {
    const r = rig();
    await r.clock.advance(5);
    r.service.hold = { untilMs: r.clock.now() + 40_000, reason: 'retry-after' };
    r.store.recordSale(sampleSale(0, RANGE));
    await r.clock.advance(1_100); // the status heartbeat notices without any event
    const last = r.statuses.at(-1) as SyncSnapshot;
    expect(last.activity).toBe('rate_limited');
    expect(last.resumesAt).toBe(r.service.hold.untilMs);
  });

  it('says validating while documents wait for the tax authority, idle once they are final', async () => {
    const r = rig();
    await r.clock.advance(5);
    r.store.recordSale(sampleSale(0, RANGE));
    r.engine.kick();
    await r.clock.advance(50);
    expect(r.engine.snapshot().activity).toBe('validating');
    await r.clock.advance(2_000);
    expect(r.engine.snapshot().activity).toBe('idle');
  });
});
