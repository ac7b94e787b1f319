/** Every body that breaks the contract is refused with its field (nothing written); 413 before parsing; upload and shifts. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPin } from '../../../common/pin-hash';
import { consumidorFinal } from '../../../shared/customer';
import { SHOP_LIMITS } from '../../../shared/shop/contract';
import { startHarness, type Harness, type OpenDb } from './harness';
import { id32, product, sale } from './samples';

const customer = consumidorFinal({ email: 'cliente@example.com', municipality_code: '11001' });
const shift = (shiftId: number) => ({
  shiftId, openedAt: 1, openedBy: 'Ana', openingCash: '50000.00', closedAt: 2, closedBy: 'Ana', countedCash: '61900.00', report: { sales: 1 },
});
const upload = (uploadId: string, over: Record<string, unknown> = {}) => ({
  shopName: 'Tienda La Esquina', uploadId, products: [], customers: [], people: [], settings: [], last: false, ...over,
});

export function contractLimitsSuite(openDb: OpenDb): void {
  describe('request bodies against the contract', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    const fieldsOf = (answer: { status: number; body: any }) => {
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('invalid_request');
      return answer.body.error.problems.map((p: { field: string }) => p.field);
    };

    it('refuses each broken body with the field, and writes nothing', async () => {
      const till = await h.pairedTill();
      const command = { id: id32(), kind: 'product.save', baseVersion: null, at: 1, data: product('A') };
      const cases: [string, 'GET' | 'POST', unknown, string][] = [
        ['/v1/changes?since=-1', 'GET', undefined, 'since'],
        ['/v1/changes?since=abc', 'GET', undefined, 'since'],
        ['/v1/changes?since=0&wait=31', 'GET', undefined, 'wait'],
        ['/v1/changes?since=0&extra=1', 'GET', undefined, 'extra'],
        ['/v1/commands', 'POST', {}, 'commands'],
        ['/v1/commands', 'POST', { commands: [] }, 'commands'],
        ['/v1/commands', 'POST', { commands: Array.from({ length: SHOP_LIMITS.commandsPerBatch + 1 }, () => command) }, 'commands'],
        ['/v1/commands', 'POST', { commands: [{ ...command, id: 'x' }] }, 'commands.0.id'],
        ['/v1/commands', 'POST', { commands: [{ ...command, baseVersion: -1 }] }, 'commands.0.baseVersion'],
        ['/v1/commands', 'POST', { commands: [{ ...command, data: { ...product('A'), price: -5 } }] }, 'commands.0.data.price'],
        ['/v1/commands', 'POST', { commands: [{ ...command, kind: 'person.save', data: { key: id32(), name: 'Ana', role: 'cashier', pinHash: '1234', active: true } }] }, 'commands.0.data.pinHash'],
        ['/v1/sales', 'POST', { sales: Array.from({ length: SHOP_LIMITS.salesPerBatch + 1 }, (_, i) => sale(`S-${i}`)) }, 'sales'],
        ['/v1/sales', 'POST', { sales: [sale('S-1', 1, { total: '12,5' })] }, 'sales.0.total'],
        ['/v1/sales', 'POST', { sales: [sale('S 1')] }, 'sales.0.referenceCode'],
        ['/v1/sales', 'POST', { sales: [sale('S-1', 0)] }, 'sales.0.revision'],
        ['/v1/sales', 'POST', { sales: [{ ...sale('S-1'), extra: true }] }, 'sales.0.extra'],
        ['/v1/sales', 'POST', { sales: [sale('S-1', 1, { service: { state: 'lost', fullNumber: null, cufe: null, validatedAt: null } as any })] }, 'sales.0.service.state'],
        ['/v1/sales', 'POST', { sales: [sale('S-1', 1, { invoice: { ...sale('S-1').invoice, items: [] } })] }, 'sales.0.invoice.items'],
        ['/v1/shifts', 'POST', { shifts: [shift(0)] }, 'shifts.0.shiftId'],
        ['/v1/shifts', 'POST', { shifts: Array.from({ length: SHOP_LIMITS.shiftsPerBatch + 1 }, (_, i) => shift(i + 1)) }, 'shifts'],
        ['/v1/shop/upload', 'POST', upload(id32(), { shopName: '' }), 'shopName'],
        ['/v1/shop/upload', 'POST', upload('nope'), 'uploadId'],
        ['/v1/shop/upload', 'POST', upload(id32(), { customers: [{ ...customer, dv: '12' }] }), 'customers.0.dv'],
        ['/v1/sales', 'POST', '{"sales": [', ''],
        ['/v1/sales', 'POST', '', ''],
      ];
      for (const [path, method, body, field] of cases) {
        const answer = await till.call(method, path, body);
        expect({ path, field, fields: fieldsOf(answer) }).toEqual({ path, field, fields: expect.arrayContaining([field]) });
      }
      const pairCases: [unknown, string][] = [
        [{ tillName: 'x'.repeat(200), publicKey: till.publicKey, proof: 'abc' }, 'tillName'],
        [{ tillName: 'Caja', publicKey: 'not base64!', proof: 'abc' }, 'publicKey'],
        [{ tillName: 'Caja', publicKey: till.publicKey, proof: 'abc', code: 'K7QF2M2XDA' }, 'code'],
        [{ tillName: 'Caja', publicKey: 'AAAA', proof: 'abc' }, 'publicKey'],
      ];
      for (const [body, field] of pairCases) expect(fieldsOf(await till.raw('POST', '/v1/pair', JSON.stringify(body)))).toContain(field);
      const { rows } = await h.db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM sales) + (SELECT count(*) FROM shifts) + (SELECT count(*) FROM commands) + (SELECT count(*) FROM products) AS n`);
      expect(Number(rows[0]!.n)).toBe(0);
    });

    it('a body over the limit is refused 413 before it is parsed', async () => {
      const till = await h.pairedTill();
      const huge = `{"sales":["${'x'.repeat(SHOP_LIMITS.maxBodyBytes)}"]}`;
      const answer = await till.call('POST', '/v1/sales', huge);
      expect(answer.status).toBe(413);
      expect(answer.body.error.code).toBe('body_too_large');
    });

    it('a closed shift is stored once', async () => {
      const till = await h.pairedTill();
      expect((await till.call('POST', '/v1/shifts', { shifts: [shift(7)] })).body).toEqual({ stored: 1, unchanged: 0 });
      expect((await till.call('POST', '/v1/shifts', { shifts: [shift(7), shift(8)] })).body).toEqual({ stored: 1, unchanged: 1 });
      const { rows } = await h.db.query<{ report: unknown; counted: string }>('SELECT report, counted_cash::text AS counted FROM shifts WHERE shift_id = 7');
      expect(rows).toEqual([{ report: { sales: 1 }, counted: '61900.0000' }]);
    });
  });

  describe('the first till seeds the shop', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    it('uploads in batches once; a resent batch changes nothing; another shop\'s upload is refused 409', async () => {
      const first = await h.pairedTill();
      const uploadId = id32();
      const person = { key: id32(), name: 'Dueña', role: 'owner', pinHash: await hashPin('9999', { N: 1024, r: 8, p: 1 }), active: true };
      const batch1 = upload(uploadId, { products: [product('A'), product('B')], customers: [customer], people: [person] });
      const stored1 = await first.call('POST', '/v1/shop/upload', batch1);
      expect(stored1.body).toMatchObject({ stored: 4 });
      const batch2 = upload(uploadId, { products: [product('C')], settings: [{ key: 'seller', value: { name: 'La Esquina' } }], last: true });
      expect((await first.call('POST', '/v1/shop/upload', batch2)).body).toMatchObject({ stored: 2 });
      const resent = await first.call('POST', '/v1/shop/upload', batch1);
      expect(resent.body.stored).toBe(0);
      const feed = await first.call('GET', '/v1/changes?since=0');
      expect(resent.body.cursor).toBe(feed.body.cursor);
      expect(feed.body.changes.map((c: any) => `${c.kind}:${c.key}`)).toEqual([
        expect.stringMatching(/^till:/), 'product:A', 'product:B', `customer:13:${customer.identification}`, `person:${person.key}`, 'product:C', 'setting:seller',
      ]);
      const second = await h.pairedTill();
      const other = await second.call('POST', '/v1/shop/upload', upload(id32(), { shopName: 'Otra tienda', products: [product('Z')], last: true }));
      expect(other.status).toBe(409);
      expect(other.body.error.code).toBe('shop_not_empty');
      const { rows } = await h.db.query<{ name: string }>('SELECT name FROM shop');
      expect(rows).toEqual([{ name: 'Tienda La Esquina' }]);
      expect((await h.db.query(`SELECT 1 FROM products WHERE key = 'Z'`)).rows).toHaveLength(0);
      const third = h.newTill();
      const { body: opened } = await h.admin('POST', '/admin/pairing');
      expect((await third.pair(opened.code)).body.shopName).toBe('Tienda La Esquina');
    });

    it('a server the owner already filled refuses a first upload', async () => {
      await h.saveAtServer('product', 'A', product('A'));
      const till = await h.pairedTill();
      expect((await till.call('POST', '/v1/shop/upload', upload(id32(), { products: [product('B')] }))).status).toBe(409);
    });
  });
}
