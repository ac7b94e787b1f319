/**
 * The back office edits master data once for every till: saves by compare-and-set on the version (a stale version
 * refused 409 with the current record), each save in the change feed, PINs hashed at the server and never shown;
 * each till's closed shifts by day and one Z report as the till froze it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pinMatches } from '../../../common/pin-hash';
import {
  customersPageSchema, peopleListSchema, productsPageSchema, sessionResponseSchema, shiftDetailSchema, shiftsListSchema,
} from '../../../shared/shop/back-office';
import { changesResponseSchema } from '../../../shared/shop/contract';
import { sampleShiftReport } from '../../support/escpos-sample-report';
import { adminSession, seedPeople, type People } from './back-office-rig';
import { startHarness, type Harness, type OpenDb } from './harness';

const COFFEE = {
  code: 'CAF-1', name: 'Café de origen', barcodes: ['7701234567890'], unitMeasure: '94', priceEntry: 'shelf', price: 5000,
  tax: { code: '01', rate: 19 }, discountRate: 0, category: 'Bebidas', active: true,
};
const BUYER = {
  identification_type: '31', identification: '900123456', dv: '8', person_type: '1', name: 'Tienda La Esquina SAS',
  tax_regime: '48', email: 'compras@esquina.co', municipality_code: '11001',
};

export function backOfficeRecordsSuite(openDb: OpenDb): void {
  describe('back office: master data edited once for all tills, shifts and Z', () => {
    let h: Harness;
    let people: People;
    let token: string;
    beforeEach(async () => {
      h = await startHarness(openDb);
      people = await seedPeople(h);
      token = await adminSession(h, people.owner);
    });
    afterEach(async () => { await h.close(); });

    const send = async (method: 'GET' | 'POST', path: string, body?: unknown, bearer: string | null = token) => {
      const res = await fetch(`${h.server.url}${path}`, {
        method, headers: { ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() as any };
    };

    it('saves a product by its version, puts each save in the feed, and refuses a stale version with the current one', async () => {
      const till = await h.pairedTill('Caja');
      const cursor = changesResponseSchema.parse((await till.call('GET', '/v1/changes?since=0')).body).cursor;

      const created = await send('POST', '/v1/back-office/products', { product: COFFEE, baseVersion: null });
      expect(created.status).toBe(200);
      // The shelf price became the base that pays it exactly (shared/shelf-price.ts, as at the till's form).
      expect(created.body.product).toMatchObject({ code: 'CAF-1', price: 4201.68, version: 1, quickKey: false, quickKeyOrder: null });
      const feed = changesResponseSchema.parse((await till.call('GET', `/v1/changes?since=${cursor}`)).body);
      expect(feed.changes.filter((c) => c.kind === 'product')).toEqual([expect.objectContaining({ key: 'CAF-1', data: expect.objectContaining({ price: 4201.68, version: 1 }) })]);

      const edited = await send('POST', '/v1/back-office/products', { product: { ...COFFEE, priceEntry: 'base', price: 4500 }, baseVersion: 1 });
      expect(edited.body.product).toMatchObject({ price: 4500, version: 2 });
      const stale = await send('POST', '/v1/back-office/products', { product: { ...COFFEE, name: 'Café viejo' }, baseVersion: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('stale_version');
      expect(stale.body.error.current).toMatchObject({ code: 'CAF-1', name: 'Café de origen', price: 4500, version: 2 });
      // A "new" product whose code exists is stale too: nothing is overwritten.
      const twice = await send('POST', '/v1/back-office/products', { product: { ...COFFEE, name: 'Otro' }, baseVersion: null });
      expect(twice.status).toBe(409);
      expect(twice.body.error.current.version).toBe(2);
      const after = changesResponseSchema.parse((await till.call('GET', `/v1/changes?since=${feed.cursor}`)).body);
      expect(after.changes.map((c) => [c.key, c.kind === 'product' ? c.data.version : null])).toEqual([['CAF-1', 2]]);

      // A till's offline edit made from version 1 loses too: one rule for both.
      const command = await till.call('POST', '/v1/commands', { commands: [{ id: 'a'.repeat(32), baseVersion: 1, at: Date.now(), kind: 'product.save',
        data: { ...created.body.product, version: undefined, name: 'Desde la caja' } }] });
      expect(command.body.results[0]).toMatchObject({ outcome: 'conflict', version: 2 });
    });

    it('refuses what the product form refuses, and lists products by code or name, paged', async () => {
      const miss = await send('POST', '/v1/back-office/products', { product: { ...COFFEE, price: 1025 }, baseVersion: null });
      expect(miss.status).toBe(400);
      expect(miss.body.error.problems[0].field).toBe('product.price');
      const accepted = await send('POST', '/v1/back-office/products', { product: { ...COFFEE, price: 1025, acceptDifference: true }, baseVersion: null });
      expect(accepted.status).toBe(200);
      const bad = await send('POST', '/v1/back-office/products', { product: { ...COFFEE, code: ' X', price: -1 }, baseVersion: null });
      expect(bad.status).toBe(400);
      expect(bad.body.error.problems.map((p: { field: string }) => p.field).sort()).toEqual(['product.code', 'product.price']);

      for (let i = 1; i <= 12; i++) {
        const answer = await send('POST', '/v1/back-office/products', { product: { ...COFFEE, code: `PAN-${i}`, name: `Pan ${i}`, barcodes: [], priceEntry: 'base', price: 500 + i }, baseVersion: null });
        expect(answer.status).toBe(200);
      }
      const byName = productsPageSchema.parse((await send('GET', '/v1/back-office/products?q=pan&limit=5&offset=5')).body);
      expect(byName.total).toBe(12);
      expect(byName.products).toHaveLength(5);
      const byCode = productsPageSchema.parse((await send('GET', '/v1/back-office/products?q=PAN-1')).body);
      expect(byCode.products[0]?.code).toBe('PAN-1'); // the exact code first, then PAN-10, PAN-11, PAN-12
      expect(byCode.total).toBe(4);
      expect(productsPageSchema.parse((await send('GET', '/v1/back-office/products?q=50%25')).body).total).toBe(0); // % is a letter
      expect((await send('GET', '/v1/back-office/products/PAN-3')).body).toMatchObject({ code: 'PAN-3', version: 1 });
      expect((await send('GET', '/v1/back-office/products/NADA')).status).toBe(404);
      expect((await send('POST', '/v1/back-office/products', { product: COFFEE, baseVersion: null }, null)).status).toBe(401);
    });

    it('saves customers by version and never changes a saved one\'s identification', async () => {
      const created = await send('POST', '/v1/back-office/customers', { key: null, customer: BUYER, baseVersion: null });
      expect(created.body.customer).toMatchObject({ key: '31:900123456', version: 1 });
      const edited = await send('POST', '/v1/back-office/customers', { key: '31:900123456', customer: { ...BUYER, email: 'pagos@esquina.co' }, baseVersion: 1 });
      expect(edited.body.customer.version).toBe(2);
      const stale = await send('POST', '/v1/back-office/customers', { key: '31:900123456', customer: { ...BUYER, name: 'Otra' }, baseVersion: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.error.current.customer.email).toBe('pagos@esquina.co');
      const moved = await send('POST', '/v1/back-office/customers', { key: '31:900123456', customer: { ...BUYER, identification: '800197268', dv: '4' }, baseVersion: 2 });
      expect(moved.status).toBe(409);
      expect(moved.body.error).toMatchObject({ code: 'identification_changed', field: 'customer.identification' });
      const badDv = await send('POST', '/v1/back-office/customers', { key: null, customer: { ...BUYER, identification: '800197268', dv: '1' }, baseVersion: null });
      expect(badDv.status).toBe(400);
      const found = customersPageSchema.parse((await send('GET', '/v1/back-office/customers?q=esquina')).body);
      expect(found.customers.map((c) => c.key)).toEqual(['31:900123456']);
      expect(customersPageSchema.parse((await send('GET', '/v1/back-office/customers?q=9001')).body).total).toBe(1);
    });

    it('hashes a new PIN at the server, never answers or logs it, and keeps the shop with an active owner', async () => {
      const till = await h.pairedTill('Caja');
      const created = await send('POST', '/v1/back-office/people', { key: null, baseVersion: null, name: 'Julián', role: 'owner', active: true, pin: '97531' });
      expect(created.status).toBe(200);
      const person = created.body.person;
      expect(person).toMatchObject({ name: 'Julián', role: 'owner', active: true, version: 1 });
      expect(person.pinHash).toBeUndefined();
      const { rows } = await h.db.query<{ data: { pinHash: string } }>('SELECT data FROM people WHERE key = $1', [person.key]);
      expect(rows[0]!.data.pinHash).toMatch(/^scrypt\$/);
      expect(await pinMatches('97531', rows[0]!.data.pinHash)).toBe(true);
      const { rows: clear } = await h.db.query(`SELECT key FROM people WHERE data::text LIKE '%97531%'`);
      expect(clear).toEqual([]);
      expect(h.logs.join('\n')).not.toContain('97531');
      // The feed carries the hash to every till, and the new owner's PIN opens the back office.
      const feed = changesResponseSchema.parse((await till.call('GET', '/v1/changes?since=0')).body);
      expect(feed.changes.find((c) => c.key === person.key)?.data).toMatchObject({ name: 'Julián', pinHash: rows[0]!.data.pinHash });
      expect(sessionResponseSchema.parse((await h.admin('POST', '/admin/back-office/session', { personKey: person.key, pin: '97531' })).body).person.name).toBe('Julián');

      // An edit without a PIN keeps it; a stale one is refused with the current person (no hash in it either).
      const renamed = await send('POST', '/v1/back-office/people', { key: person.key, baseVersion: 1, name: 'Julián Pérez', role: 'owner', active: true });
      expect(renamed.body.person.version).toBe(2);
      const { rows: kept } = await h.db.query<{ data: { pinHash: string } }>('SELECT data FROM people WHERE key = $1', [person.key]);
      expect(kept[0]!.data.pinHash).toBe(rows[0]!.data.pinHash);
      const stale = await send('POST', '/v1/back-office/people', { key: person.key, baseVersion: 1, name: 'J', role: 'cashier', active: true });
      expect(stale.status).toBe(409);
      expect(stale.body.error.current).toEqual({ key: person.key, name: 'Julián Pérez', role: 'owner', active: true, version: 2 });

      const list = peopleListSchema.parse((await send('GET', '/v1/back-office/people')).body);
      expect(list.people.map((p) => p.name)).toEqual(['Julián Pérez', 'Marta', 'Rosa']);
      expect(JSON.stringify(list)).not.toContain('scrypt');
      expect((await send('POST', '/v1/back-office/people', { key: null, baseVersion: null, name: 'rosa', role: 'cashier', active: true, pin: '1111' })).body.error.code).toBe('name_taken');
      expect((await send('POST', '/v1/back-office/people', { key: null, baseVersion: null, name: 'Sin PIN', role: 'cashier', active: true })).status).toBe(400);

      // Two owners: one may step down (which ends her own session); the last active owner may not.
      const marta = list.people.find((p) => p.name === 'Marta')!;
      expect((await send('POST', '/v1/back-office/people', { key: marta.key, baseVersion: marta.version, name: 'Marta', role: 'cashier', active: true })).status).toBe(200);
      expect((await send('GET', '/v1/back-office/people')).body.error.code).toBe('session_expired');
      token = await adminSession(h, person.key, '97531');
      const julian = await send('POST', '/v1/back-office/people', { key: person.key, baseVersion: 2, name: 'Julián Pérez', role: 'owner', active: false });
      expect(julian.status).toBe(409);
      expect(julian.body.error.code).toBe('last_owner');
    });

    it('lists each till\'s shifts closed on a day and serves a Z as its till froze it', async () => {
      const one = await h.pairedTill('Mostrador');
      const two = await h.pairedTill('Bodega');
      const z = sampleShiftReport('Z'); // closed 2026-11-23 18:30 in Bogotá
      const shift = (shiftId: number, closedAt: number) => ({
        shiftId, openedAt: z.shift.openedAt, openedBy: z.shift.openedBy, openingCash: '100000.00', closedAt, closedBy: 'José Núñez',
        countedCash: z.cash.counted!, report: { ...z, shift: { ...z.shift, id: shiftId } },
      });
      expect((await one.call('POST', '/v1/shifts', { shifts: [shift(7, z.shift.closedAt!)] })).status).toBe(200);
      expect((await two.call('POST', '/v1/shifts', { shifts: [shift(3, z.shift.closedAt! - 3_600_000), shift(4, z.shift.closedAt! + 86_400_000)] })).status).toBe(200);

      const day = shiftsListSchema.parse((await send('GET', '/v1/back-office/shifts?date=2026-11-23')).body);
      expect(day.tills.map((t) => t.name)).toEqual(['Mostrador', 'Bodega']);
      expect(day.shifts.map((s) => [s.tillNumber, s.shiftId])).toEqual([[1, 7], [2, 3]]);
      expect(day.shifts[0]).toMatchObject({ opening: '100000.00', counted: '149700.00', difference: '-800.00', sales: { count: 3, total: z.sales.payable } });
      const onlyTwo = shiftsListSchema.parse((await send('GET', '/v1/back-office/shifts?date=2026-11-23&till=2')).body);
      expect(onlyTwo.shifts.map((s) => s.shiftId)).toEqual([3]);
      expect((await send('GET', '/v1/back-office/shifts?date=2026-11-31')).status).toBe(400);

      const detail = shiftDetailSchema.parse((await send('GET', '/v1/back-office/shifts/1/7')).body);
      expect(detail.report).toMatchObject({ kind: 'Z', sales: z.sales, taxes: z.taxes, byMeans: z.byMeans, cash: z.cash });
      expect((await send('GET', '/v1/back-office/shifts/1/8')).status).toBe(404);
    });
  });
}
