/** The change feed (order, paging, long-poll) and offline edits decided by compare-and-set. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPin } from '../../../common/pin-hash';
import { SHOP_LIMITS } from '../../../shared/shop/contract';
import { saveRecord, takeFeedLock } from '../../../server/store/master-data';
import { startHarness, type Harness, type OpenDb } from './harness';
import { id32, product } from './samples';

const FAST_PIN_COST = { N: 1024, r: 8, p: 1 };

export function feedAndCommandsSuite(openDb: OpenDb): void {
  describe('change feed', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    it('pages every change since a cursor in seq order; a record changed again moves to the end, once', async () => {
      const till = await h.pairedTill();
      const total = SHOP_LIMITS.changesPerPage * 2 + 100;
      await h.db.transaction(async (tx) => {
        await takeFeedLock(tx);
        for (let i = 0; i < total; i++) await saveRecord(tx, 'product', `P${i}`, product(`P${i}`, 1000 + i), Date.now());
      });
      await h.saveAtServer('product', 'P5', product('P5', 777));
      const seen: any[] = [];
      let cursor = 0;
      let pages = 0;
      for (;;) {
        const page = await till.call('GET', `/v1/changes?since=${cursor}`);
        expect(page.status).toBe(200);
        pages += 1;
        seen.push(...page.body.changes);
        expect(page.body.cursor).toBe(page.body.changes.at(-1)?.seq ?? cursor);
        cursor = page.body.cursor;
        if (!page.body.more) break;
      }
      expect(pages).toBe(3);
      const seqs = seen.map((c) => c.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
      const products = seen.filter((c) => c.kind === 'product');
      expect(products).toHaveLength(total);
      expect(products.at(-1)).toMatchObject({ key: 'P5', data: { price: 777, version: 2 } });
      expect(seen.filter((c) => c.kind === 'till')).toHaveLength(1);
      const after = await till.call('GET', `/v1/changes?since=${cursor}`);
      expect(after.body).toEqual({ changes: [], cursor, more: false, generation: expect.stringMatching(/^[0-9a-f]{32}$/) });
    });

    it('a long-poll waiting on the feed is woken by a change at the server', async () => {
      const till = await h.pairedTill();
      const start = await till.call('GET', '/v1/changes?since=0');
      const poll = till.call('GET', `/v1/changes?since=${start.body.cursor}&wait=${SHOP_LIMITS.maxWaitSeconds}`);
      while (h.server.notifier.waiting === 0) await new Promise((r) => setTimeout(r, 10));
      await h.admin('POST', '/admin/records', { kind: 'product', data: product('CAFE', 2500) });
      const woken = await poll;
      expect(woken.status).toBe(200);
      expect(woken.body.changes).toEqual([expect.objectContaining({ kind: 'product', key: 'CAFE', data: expect.objectContaining({ price: 2500, version: 1 }) })]);
    }, 20_000); // the wait is 30 s: a poll that is not woken fails this test by its timeout
  });

  describe('offline commands (compare-and-set on the version)', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    const save = (baseVersion: number | null, data: unknown, id = id32()) => ({ id, kind: 'product.save', baseVersion, at: Date.now(), data });

    it('two tills change one price from the same version: the first applies, the second is a conflict; a resent command answers the same', async () => {
      await h.saveAtServer('product', 'ARROZ', product('ARROZ', 3000));
      const a = await h.pairedTill('Caja 1');
      const b = await h.pairedTill('Caja 2');
      const first = save(1, product('ARROZ', 3200));
      const fromA = await a.call('POST', '/v1/commands', { commands: [first] });
      expect(fromA.body.results).toEqual([{ id: first.id, outcome: 'applied', version: 2 }]);
      const fromB = await b.call('POST', '/v1/commands', { commands: [save(1, product('ARROZ', 3500))] });
      expect(fromB.body.results[0]).toMatchObject({ outcome: 'conflict', version: 2, reason: 'version_changed' });
      const resent = await a.call('POST', '/v1/commands', { commands: [first] });
      expect(resent.body).toEqual(fromA.body);
      const stolen = await b.call('POST', '/v1/commands', { commands: [first] });
      expect(stolen.body.results[0]).toMatchObject({ outcome: 'refused', reason: 'command_id_taken' });
      const { rows } = await h.db.query<{ data: any; version: number }>(`SELECT data, version FROM products WHERE key = 'ARROZ'`);
      expect(rows.map((r) => [r.data.price, Number(r.version)])).toEqual([[3200, 2]]);
    });

    it('a product deactivated at the server stays inactive whatever a till edits from an older copy; a new product applies once', async () => {
      await h.saveAtServer('product', 'LECHE', product('LECHE', 4000));
      const till = await h.pairedTill();
      await h.saveAtServer('product', 'LECHE', product('LECHE', 4000, false));
      const edit = await till.call('POST', '/v1/commands', { commands: [save(1, product('LECHE', 4100, true)), save(null, product('PAN', 500)), save(null, product('PAN', 600))] });
      expect(edit.body.results.map((r: any) => [r.outcome, r.version])).toEqual([['conflict', 2], ['applied', 1], ['conflict', 1]]);
      const { rows } = await h.db.query<{ key: string; data: any }>(`SELECT key, data FROM products ORDER BY key`);
      expect(rows.map((r) => [r.key, r.data.active, r.data.price])).toEqual([['LECHE', false, 4000], ['PAN', true, 500]]);
    });

    it('a PIN changed at the server is not undone by a till that was offline', async () => {
      const key = id32();
      const oldHash = await hashPin('1111', FAST_PIN_COST);
      const newHash = await hashPin('2222', FAST_PIN_COST);
      const person = (pinHash: string, name = 'Ana') => ({ key, name, role: 'cashier', pinHash, active: true });
      await h.saveAtServer('person', key, { name: 'Ana', role: 'cashier', pinHash: oldHash, active: true });
      const till = await h.pairedTill();
      await h.saveAtServer('person', key, { name: 'Ana', role: 'cashier', pinHash: newHash, active: true });
      const offline = await till.call('POST', '/v1/commands', {
        commands: [{ id: id32(), kind: 'person.save', baseVersion: 1, at: Date.now(), data: person(oldHash, 'Ana María') }],
      });
      expect(offline.body.results[0]).toMatchObject({ outcome: 'conflict', version: 2 });
      const { rows } = await h.db.query<{ data: any }>('SELECT data FROM people WHERE key = $1', [key]);
      expect(rows[0]!.data).toMatchObject({ name: 'Ana', pinHash: newHash });
    });
  });
}
