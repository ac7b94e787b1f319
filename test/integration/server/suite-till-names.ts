/**
 * One identity per till, decided by the server (issue 26): a name unique in the shop at pairing («Caja N» unless the
 * owner chose one), renames asked by the till or by the owner at the server, refused when another till has the name,
 * heard by every till through the change feed; sales keep the name they were made with.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tillNameTakenSchema } from '../../../shared/shop/contract';
import { searchSales } from '../../../server/store/sale-history';
import { startHarness, type Harness, type OpenDb } from './harness';
import { sale } from './samples';

export function tillNamesSuite(openDb: OpenDb): void {
  describe('till names, unique in the shop', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    const code = async (): Promise<string> => (await h.admin('POST', '/admin/pairing')).body.code;
    const names = async (): Promise<string[]> => (await h.admin('GET', '/admin/tills')).body.tills.map((t: { name: string }) => t.name);

    it('tills paired without a name are «Caja 1», «Caja 2», «Caja 3»: the answer and the feed say so', async () => {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await h.newTill().pair(await code())).body);
      expect(answers.map((a) => [a.tillNumber, a.tillName])).toEqual([[1, 'Caja 1'], [2, 'Caja 2'], [3, 'Caja 3']]);
      expect(await names()).toEqual(['Caja 1', 'Caja 2', 'Caja 3']);
      const till = await h.pairedTill();
      const feed = await till.call('GET', '/v1/changes?since=0');
      expect(feed.body.changes.filter((c: { kind: string }) => c.kind === 'till').map((c: { data: { name: string } }) => c.data.name))
        .toEqual(['Caja 1', 'Caja 2', 'Caja 3', 'Caja 4']);
    });

    it('a name another till has (case, accents and spaces aside) is refused with the till that has it; nothing is written and the code still pairs', async () => {
      expect((await h.newTill().pair(await code(), { name: 'Mostrador Café' })).status).toBe(200);
      const second = await code();
      const refused = await h.newTill().pair(second, { name: '  mostrador   cafe ' });
      expect(refused.status).toBe(409);
      expect(tillNameTakenSchema.parse(refused.body).error).toMatchObject({ code: 'till_name_taken', holder: { number: 1, name: 'Mostrador Café' } });
      const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tills');
      expect(rows[0]!.n).toBe(1);
      const again = await h.newTill().pair(second);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ tillNumber: 2, tillName: 'Caja 2' });
    });

    it('a default name taken by a till the owner named so is not given twice', async () => {
      await h.newTill().pair(await code(), { name: 'Caja 2' });
      const second = await h.newTill().pair(await code());
      expect(second.body).toMatchObject({ tillNumber: 2, tillName: 'Caja 2-2' });
      expect(new Set(await names()).size).toBe(2);
    });

    it('a till asks to be renamed: refused while another till has the name; applied once free, and every till hears it through the feed', async () => {
      const one = await h.pairedTill();
      const two = await h.pairedTill();
      const cursor = (await one.call('GET', '/v1/changes?since=0')).body.cursor;
      const taken = await two.call('POST', '/v1/till/name', { name: 'CAJA 1' });
      expect(taken.status).toBe(409);
      expect(taken.body.error).toMatchObject({ code: 'till_name_taken', holder: { number: 1, name: 'Caja 1' } });
      expect((await one.call('GET', `/v1/changes?since=${cursor}`)).body.changes).toEqual([]);
      const renamed = await two.call('POST', '/v1/till/name', { name: ' Bodega ' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.till).toMatchObject({ tillId: two.tillId, number: 2, name: 'Bodega', revoked: false, version: 2 });
      const heard = (await one.call('GET', `/v1/changes?since=${cursor}`)).body.changes;
      expect(heard).toEqual([expect.objectContaining({ kind: 'till', key: two.tillId, data: expect.objectContaining({ name: 'Bodega', version: 2 }) })]);
      // The same name again changes nothing: no new version, nothing new in the feed.
      const same = await two.call('POST', '/v1/till/name', { name: 'Bodega' });
      expect(same.body.till.version).toBe(2);
      expect((await one.call('GET', `/v1/changes?since=${heard[0].seq}`)).body.changes).toEqual([]);
      expect((await two.call('POST', '/v1/till/name', { name: '' })).status).toBe(400);
      expect(await names()).toEqual(['Caja 1', 'Bodega']);
    });

    it('the owner renames a till at the server (admin route, what the CLI calls): checked the same way, heard by the till', async () => {
      const one = await h.pairedTill();
      const two = await h.pairedTill();
      const renamed = await h.admin('POST', '/admin/tills/rename', { till: '2', name: 'Caja del fondo' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.till).toMatchObject({ number: 2, name: 'Caja del fondo' });
      expect((await h.admin('POST', '/admin/tills/rename', { till: '1', name: 'caja del fondo' })).body.error)
        .toMatchObject({ code: 'till_name_taken', holder: { number: 2 } });
      expect((await h.admin('POST', '/admin/tills/rename', { till: '9', name: 'X' })).status).toBe(404);
      expect((await h.admin('POST', '/admin/tills/rename', { till: 'dos', name: 'X' })).status).toBe(400);
      const feed = (await two.call('GET', '/v1/changes?since=0')).body.changes.filter((c: { kind: string; key: string }) => c.kind === 'till' && c.key === two.tillId);
      expect(feed.map((c: { data: { name: string } }) => c.data.name)).toEqual(['Caja del fondo']);
      // A revoked till keeps its name taken: its sale numbers stay in the shop's history.
      await h.admin('POST', '/admin/tills/revoke', { till: '1' });
      expect((await h.admin('POST', '/admin/tills/rename', { till: '2', name: 'Caja 1' })).status).toBe(409);
      expect(one.tillNumber).toBe(1);
    });

    it('sales keep the name they were made with: after a rename «Caja 2 · 000002» still finds that one sale, and the till\'s new name all of them', async () => {
      const one = await h.pairedTill();
      const two = await h.pairedTill();
      const push = async (till: typeof one, ref: string, saleNumber: number, tillName: string) => {
        const answer = await till.call('POST', '/v1/sales', { sales: [sale(ref, 1, { saleNumber, tillName })] });
        expect(answer.status).toBe(200);
      };
      await push(one, 'ONE-2', 2, 'Caja 1');
      await push(one, 'ONE-3', 3, 'Caja 1');
      await push(two, 'TWO-2', 2, 'Caja 2');
      await push(two, 'TWO-3', 3, 'Caja 2');
      await two.call('POST', '/v1/till/name', { name: 'Bodega' });
      await push(two, 'TWO-4', 4, 'Bodega');
      const refs = async (q: string) => (await searchSales(h.db, { q })).sales.map((s) => s.referenceCode);
      expect(await refs('Caja 2 · 000002')).toEqual(['TWO-2']);
      expect(await refs('Bodega · 000004')).toEqual(['TWO-4']);
      expect(await refs('Bodega · 000002')).toEqual([]);
      expect((await refs('Bodega')).sort()).toEqual(['TWO-2', 'TWO-3', 'TWO-4']);
      expect((await refs('000002')).sort()).toEqual(['ONE-2', 'TWO-2']);
      const [summary] = (await searchSales(h.db, { q: 'Caja 2 · 000002' })).sales;
      expect(summary).toMatchObject({ tillNumber: 2, tillName: 'Bodega', saleTillName: 'Caja 2', saleNumber: 2 });
    });
  });
}
