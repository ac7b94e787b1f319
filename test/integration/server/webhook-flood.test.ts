/**
 * A webhook endpoint flooded with 10 000 events in about 20 s (a higher rate than the 10 000 a minute),
 * signed and forged mixed, keeps the shop server answering its till: a started server process (npm run server,
 * PGlite), a paired till asking its feed and the health route throughout. Speed figures are not asserted here:
 * `npm run bench:webhook-flood` prints the till's latencies during the flood.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flood, startFloodRig, type FloodRig } from '../../support/webhook-flood';

let rig: FloodRig;
beforeAll(async () => {
  rig = await startFloodRig();
}, 120_000);
afterAll(async () => {
  await rig?.close();
});

describe('webhook flood at a started shop server', () => {
  it('every till request is answered, every delivery gets an answer, forgeries are all refused, the rest is taken or deferred, memory stays bounded', async () => {
    const r = await flood(rig, { total: 10_000, seconds: 20 });
    expect(r.sent).toBe(10_000);
    expect(r.unanswered).toBe(0);
    expect(r.tillRequests).toBeGreaterThan(50);
    expect(r.tillFailures).toEqual([]);
    // Forgeries: 401 each; genuine ones: 200 up to the cap, 503 + Retry-After past it.
    expect(r.byStatus[401]).toBe(r.forgedSent);
    expect((r.byStatus[200] ?? 0) + (r.byStatus[503] ?? 0)).toBe(r.signedSent);
    expect(r.byStatus[200]).toBeGreaterThan(0);
    // Bounded memory: the server process grows by less than 150 MB under the flood.
    expect(r.rssMaxKb - r.rssBeforeKb).toBeLessThan(150 * 1024);
    const shown = await rig.server.admin('GET', '/admin/webhooks');
    expect(shown.body.numbers).toMatchObject({
      received: r.byStatus[200],
      refused: { signature: r.forgedSent, busy: r.byStatus[503] ?? 0, tooOld: 0, malformed: 0 },
    });
  }, 120_000);
});
