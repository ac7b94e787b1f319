/** Sales pushed by revision: twice, out of order, concurrently, never two rows, always the highest revision. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type OpenDb } from './harness';
import { sale } from './samples';

export function salesSuite(openDb: OpenDb): void {
  describe('sales pushed by revision', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    const rowsOf = async (ref: string) => (await h.db.query<{ revision: number; state: string; total: string; till_id: string }>(
      'SELECT revision, state, total::text AS total, till_id FROM sales WHERE reference_code = $1', [ref])).rows.map((r) => ({ ...r, revision: Number(r.revision) }));

    it('pushed twice: one row, the second push changes nothing', async () => {
      const till = await h.pairedTill();
      const batch = { sales: [sale('A-1'), sale('A-2')] };
      expect((await till.call('POST', '/v1/sales', batch)).body).toEqual({ stored: 2, unchanged: 0 });
      expect((await till.call('POST', '/v1/sales', batch)).body).toEqual({ stored: 0, unchanged: 2 });
      expect(await rowsOf('A-1')).toEqual([{ revision: 1, state: 'waiting', total: '11900.0000', till_id: till.tillId }]);
    });

    it('out of order and duplicated within a batch: the highest revision stands', async () => {
      const till = await h.pairedTill();
      const validated = sale('B-1', 3, { service: { state: 'validated', fullNumber: 'SETP990000001', cufe: 'c'.repeat(96), validatedAt: Date.now() } });
      expect((await till.call('POST', '/v1/sales', { sales: [sale('B-1', 2), validated, sale('B-1', 1)] })).body).toEqual({ stored: 1, unchanged: 2 });
      expect((await till.call('POST', '/v1/sales', { sales: [sale('B-1', 2)] })).body).toEqual({ stored: 0, unchanged: 1 });
      expect(await rowsOf('B-1')).toMatchObject([{ revision: 3, state: 'validated' }]);
      expect((await till.call('POST', '/v1/sales', { sales: [sale('B-1', 4, { reprints: 1 })] })).body).toEqual({ stored: 1, unchanged: 0 });
      expect(await rowsOf('B-1')).toMatchObject([{ revision: 4 }]);
    });

    it('two processes pushing one till\'s sales at once: one row per sale, each at its highest revision', async () => {
      const till = await h.pairedTill();
      const refs = Array.from({ length: 60 }, (_, i) => `C-${i}`);
      const pushes = [1, 2, 3, 2, 1, 3].map((revision) => till.call('POST', '/v1/sales', { sales: refs.map((r) => sale(r, revision)) }));
      const acks = await Promise.all(pushes);
      expect(acks.every((a) => a.status === 200)).toBe(true);
      const { rows } = await h.db.query<{ n: number; low: number; high: number }>(
        `SELECT count(*)::int AS n, min(revision)::int AS low, max(revision)::int AS high FROM sales`);
      expect(rows[0]).toEqual({ n: 60, low: 3, high: 3 });
      expect(acks.reduce((sum, a) => sum + a.body.stored + a.body.unchanged, 0)).toBe(360);
    });

    it('a till cannot overwrite another till\'s sale', async () => {
      const owner = await h.pairedTill('Caja 1');
      const other = await h.pairedTill('Caja 2');
      await owner.call('POST', '/v1/sales', { sales: [sale('D-1', 1)] });
      // Refused with its own code (issue 25), never a plain "unchanged" as for a harmless resend; nothing of the batch stored.
      const refused = await other.call('POST', '/v1/sales', { sales: [sale('D-2', 1), sale('D-1', 9, { total: '1.00' })] });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: { code: 'sale_of_another_till', references: ['D-1'] } });
      expect(await rowsOf('D-1')).toMatchObject([{ revision: 1, total: '11900.0000', till_id: owner.tillId }]);
      expect(await rowsOf('D-2')).toEqual([]);
      // The owner's own resend is still the harmless kind.
      expect((await owner.call('POST', '/v1/sales', { sales: [sale('D-1', 1)] })).body).toEqual({ stored: 0, unchanged: 1 });
    });
  });
}
