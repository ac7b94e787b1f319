/**
 * Issue 27: each server process's row in `server_processes` (its heartbeat), and when each till last spoke
 * (`tills.last_seen_at`), on the embedded store: what `npm run server -- status` reads.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { listServerProcesses, startHeartbeat } from '../../../server/store/server-processes';
import { readServerStatus } from '../../../server/store/server-status';
import { TillSeen, TILL_SEEN_EVERY_MS } from '../../../server/store/till-seen';
import { startHarness } from './harness';
import { pgliteStores } from './stores';
import { until } from '../shop/shop-test-rig';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);

describe('server processes and their heartbeat', () => {
  it('a process writes its row, beats, and marks it stopped; a row stopped over a week ago is pruned by the next start', async () => {
    const { db, cleanup } = await stores.open();
    try {
      await db.query('DELETE FROM server_processes');
      let clock = 1_700_000_000_000;
      await db.query(`INSERT INTO server_processes (id, pid, host, addresses, version, contract, started_at, beat_at, stopped_at)
        VALUES ($1, 1, 'viejo', '[]', '0.0.1', 1, $2, $2, $2)`, ['ab'.repeat(16), clock - 8 * 86_400_000]);
      const beat = await startHeartbeat(db, { addresses: ['https://192.168.1.20:4300'], version: '0.2.0', contract: 2, now: () => clock, everyMs: 20 });
      const [row] = await listServerProcesses(db, clock);
      expect(row).toMatchObject({ id: beat.id, pid: process.pid, addresses: ['https://192.168.1.20:4300'], version: '0.2.0', contract: 2, startedAt: clock, beatAt: clock, stoppedAt: null });
      expect((await db.query('SELECT id FROM server_processes')).rows).toHaveLength(1);
      clock += 15_000;
      let beatAt = 0;
      for (let i = 0; i < 100 && beatAt !== clock; i++) {
        await new Promise((r) => setTimeout(r, 20));
        beatAt = (await listServerProcesses(db, clock))[0]!.beatAt;
      }
      expect(beatAt).toBe(clock);
      clock += 1_000;
      await beat.stop();
      expect((await listServerProcesses(db, clock))[0]).toMatchObject({ stoppedAt: clock, beatAt: clock });
    } finally {
      await cleanup();
    }
  });

  it('a till\'s signed requests set when it last spoke, written at most once a minute; status lists it', async () => {
    const h = await startHarness(stores.open);
    try {
      const till = await h.pairedTill('Caja 1');
      const other = await h.pairedTill('Caja 2');
      expect((await till.call('GET', '/v1/changes?since=0&wait=0')).status).toBe(200);
      let status = await readServerStatus(h.db, Date.now());
      for (let i = 0; i < 100 && status.tills[0]!.lastSeenAt === null; i++) {
        await new Promise((r) => setTimeout(r, 20));
        status = await readServerStatus(h.db, Date.now());
      }
      expect(status.tills.map((t) => [t.name, t.lastSeenAt !== null])).toEqual([['Caja 1', true], ['Caja 2', false]]);
      expect(status.database).toMatchObject({ kind: 'pglite', schema: status.database.schemaKnown });
      void other;

      // The throttle: a second note within the minute writes nothing; past it, the new time.
      let now = 1_800_000_000_000;
      const seen = new TillSeen(h.db, () => now);
      seen.note(till.tillId);
      for (let i = 0; i < 100; i++) {
        const { rows } = await h.db.query<{ t: number }>('SELECT last_seen_at AS t FROM tills WHERE id = $1', [till.tillId]);
        if (Number(rows[0]!.t) === now) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const first = now;
      now += TILL_SEEN_EVERY_MS - 1;
      seen.note(till.tillId);
      await new Promise((r) => setTimeout(r, 200));
      expect(Number((await h.db.query<{ t: number }>('SELECT last_seen_at AS t FROM tills WHERE id = $1', [till.tillId])).rows[0]!.t)).toBe(first);
      now += 1;
      seen.note(till.tillId);
      let last = first;
      for (let i = 0; i < 100 && last !== now; i++) {
        await new Promise((r) => setTimeout(r, 20));
        last = Number((await h.db.query<{ t: number }>('SELECT last_seen_at AS t FROM tills WHERE id = $1', [till.tillId])).rows[0]!.t);
      }
      expect(last).toBe(now);
    } finally {
      await h.close();
    }
  });
});
