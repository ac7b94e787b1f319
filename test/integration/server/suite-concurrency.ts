/** Races a real PostgreSQL can run in parallel: one code, many tills; one version, two tills; many pushes. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type OpenDb } from './harness';
import { id32, product } from './samples';

export function concurrencySuite(openDb: OpenDb): void {
  describe('concurrent requests', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    it('five tills (five addresses) racing one code: exactly one is paired', async () => {
      const { body: opened } = await h.admin('POST', '/admin/pairing');
      // Each till its own device: from one address, the 4th and 5th would meet that address's limit (429) instead.
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => h.newTill(`127.0.0.${i + 2}`).pair(opened.code)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403, 403, 403]);
      expect((await h.db.query('SELECT id FROM tills')).rows).toHaveLength(1);
    });

    it('two tills sending edits of the same versions at once: each record applies exactly one', async () => {
      const codes = Array.from({ length: 20 }, (_, i) => `K${i}`);
      for (const code of codes) await h.saveAtServer('product', code, product(code, 100));
      const a = await h.pairedTill();
      const b = await h.pairedTill();
      const batch = (price: number) => ({ commands: codes.map((code) => ({ id: id32(), kind: 'product.save', baseVersion: 1, at: 1, data: product(code, price) })) });
      const [fromA, fromB] = await Promise.all([a.call('POST', '/v1/commands', batch(200)), b.call('POST', '/v1/commands', batch(300))]);
      for (let i = 0; i < codes.length; i++) {
        const outcomes = [fromA.body.results[i].outcome, fromB.body.results[i].outcome].sort();
        expect(outcomes).toEqual(['applied', 'conflict']);
      }
      const { rows } = await h.db.query<{ version: number }>('SELECT version FROM products');
      expect(rows.every((r) => Number(r.version) === 2)).toBe(true);
    });
  });
}
