/**
 * The back-office PC (issue 21): the shop server on embedded PGlite with its back-office host, two tills pushing
 * their day as tills do (signed requests), and the host's bridge driven as the page drives it (POST /bridge/<method>
 * with the per-launch key): the owner chooses themself and types the PIN; a wrong PIN, a cashier and a missing
 * choice are refused; the dashboard and the day report equal sums worked out here from the pushed sales' own lines;
 * the editors' saves reach the tills' feed by version (a stale one answers the current record) and shifts are listed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeError } from '../../../shared/bridge/contract';
import type { ReceiptDto } from '../../../shared/bridge/types';
import { dianQrUrl } from '../../../shared/dian-qr';
import { saveRecord } from '../../../server/store/master-data';
import { sumAmounts } from '../../../shared/money';
import {
  customersPageSchema, dashboardSchema, dayReportSchema, peopleListSchema, productsPageSchema, salesPageSchema, saleDetailSchema,
  shiftDetailSchema, shiftsListSchema,
} from '../../../shared/shop/back-office';
import { changesResponseSchema } from '../../../shared/shop/contract';
import { pinMatches } from '../../../common/pin-hash';
import { sampleShiftReport } from '../../support/escpos-sample-report';
import { shopDateOf, shopDayWindow } from '../../../shared/shop/shop-day';
import { startBackOfficePc, type BackOfficePc } from '../../../server/back-office-pc/start';
import { CASHIER_PIN, OWNER_PIN, pushAll, seedPeople, type People } from './back-office-rig';
import { counts, daySales, oneSale, type DaySale } from './back-office-samples';
import type { ShopTill } from '../../support/shop-till';
import { startHarness, type Harness } from './harness';
import { pgliteStores } from './stores';

const stores = pgliteStores();
let h: Harness;
let pc: BackOfficePc;
let people: People;
let sales: DaySale[];
let tills: ShopTill[];
let rendererDir: string;
const date = shopDateOf(Date.now());
const COFFEE = {
  code: 'CAF-1', name: 'Café de origen', barcodes: ['7701234567890'], unitMeasure: '94', priceEntry: 'shelf', price: 5000,
  tax: { code: '01', rate: 19 }, discountRate: 0, category: 'Bebidas', active: true,
};
const SELLER = {
  name: 'Tienda La Esquina SAS', nit: '900123456', dv: '8', address: 'Calle 1 # 2-3', phone: '6011234567', email: 'ventas@esquina.co',
  municipalityCode: '11001', resolutionText: '',
};
const AUTHORIZATION = { number: '18760000001', date: '2024-01-01', prefix: 'SETP', from: '990000000', to: '995000000', validFrom: '2024-01-01', validUntil: '2030-12-31' };
const BUYER = {
  identification_type: '31', identification: '900123456', dv: '8', person_type: '1', name: 'Tienda La Esquina SAS',
  tax_regime: '48', email: 'compras@esquina.co', municipality_code: '11001',
};

beforeAll(async () => {
  h = await startHarness(stores.open);
  people = await seedPeople(h);
  tills = [await h.pairedTill('Caja 1'), await h.pairedTill('Caja 2')];
  const w = shopDayWindow(date);
  sales = daySales(w.from, w.to, 12).filter((s) => s.tillIndex < 2);
  await pushAll(tills, sales);
  // A built renderer stand-in: the host serves files by path, whatever they hold.
  rendererDir = mkdtempSync(join(tmpdir(), 'mostrador-bo-renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Mostrador</title>');
  pc = await startBackOfficePc({ db: h.db, sessions: h.server.sessions, signal: h.server.salesSignal, notifier: h.server.notifier, now: Date.now, version: '9.9.9', port: 0, rendererDir });
}, 120_000);

afterAll(async () => {
  await pc?.close();
  await h?.close();
  await stores.closeAll();
  if (rendererDir) rmSync(rendererDir, { recursive: true, force: true });
}, 60_000);

const key = () => new URL(pc.url).hash.replace('#key=', '');

type Answer = { status: number; ok: boolean; value?: any; error?: BridgeError };

async function call(method: string, input: unknown = {}, withKey = key()): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${pc.port}/bridge/${method}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', ...(withKey ? { 'X-Mostrador-Key': withKey } : {}) }, body: JSON.stringify(input),
  });
  return { ...(await res.json()), status: res.status };
}

describe('the back-office PC\'s host', () => {
  it('serves the renderer on 127.0.0.1 with the page\'s policy and says it is the back office', async () => {
    expect(pc.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#key=[A-Za-z0-9_-]{32}$/);
    const page = await fetch(`http://127.0.0.1:${pc.port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('<title>Mostrador</title>');
    const info = await call('app.info');
    expect(info).toMatchObject({ ok: true, value: { mode: 'back-office', shell: 'browser', version: '9.9.9', demo: false } });
  });

  it('refuses calls without the key, methods of the counter, and inputs that break the contract', async () => {
    expect(await call('app.info', {}, '')).toMatchObject({ status: 403, ok: false, error: { code: 'FORBIDDEN' } });
    expect(await call('app.info', {}, 'x'.repeat(32))).toMatchObject({ status: 403, ok: false });
    expect(await call('sales.record', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(await call('settings.get', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(await call('shop.openBackOffice', { pin: OWNER_PIN, personKey: 'not-a-key' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { personKey: expect.any(String) } } });
    expect(await call('shop.dayReport', { date: '2026-02-30' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { date: expect.any(String) } } });
    expect(await call('shop.sales', { limit: 10_000 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('lists the server\'s active owners only, and answers nothing before a PIN', async () => {
    expect(await call('shop.owners')).toMatchObject({ ok: true, value: { owners: [{ key: people.owner, name: 'Marta' }] } });
    for (const method of ['shop.dashboard', 'shop.sales', 'shop.products', 'shop.customers', 'shop.people']) {
      expect(await call(method)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', reason: 'BACK_OFFICE_CLOSED' } });
    }
    expect(await call('shop.dayReport', { date })).toMatchObject({ ok: false, error: { reason: 'BACK_OFFICE_CLOSED' } });
    expect(await call('shop.shifts', { date })).toMatchObject({ ok: false, error: { reason: 'BACK_OFFICE_CLOSED' } });
    expect(await call('shop.saveProduct', { product: COFFEE, baseVersion: null })).toMatchObject({ ok: false, error: { reason: 'BACK_OFFICE_CLOSED' } });
    expect((await h.db.query('SELECT key FROM products WHERE key = $1', [COFFEE.code])).rows).toEqual([]);
  });

  it('refuses a wrong PIN, a cashier and no choice; accepts the owner\'s PIN', async () => {
    expect(await call('shop.openBackOffice', { pin: OWNER_PIN })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: 'CHOOSE_OWNER' } });
    expect(await call('shop.openBackOffice', { pin: '9999', personKey: people.owner })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', reason: 'SHOP_PIN_REFUSED' } });
    expect(await call('shop.openBackOffice', { pin: CASHIER_PIN, personKey: people.cashier })).toMatchObject({ ok: false, error: { reason: 'SHOP_PIN_REFUSED' } });
    expect(await call('shop.dashboard')).toMatchObject({ ok: false, error: { reason: 'BACK_OFFICE_CLOSED' } });
    const opened = await call('shop.openBackOffice', { pin: OWNER_PIN, personKey: people.owner });
    expect(opened).toMatchObject({ ok: true, value: { personName: 'Marta', shopName: expect.any(String), tillNumber: null } });
    // The session's token stays in the host: nothing like it reaches the page.
    expect(JSON.stringify(opened)).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });

  it('answers the dashboard and the day report of both tills, equal to the pushed sales\' own sums', async () => {
    const counting = sales.map((s) => s.sale).filter(counts);
    const total = sumAmounts(counting.map((s) => s.total));
    const dash = await call('shop.dashboard');
    expect(dash.ok).toBe(true);
    const dashboard = dashboardSchema.parse(dash.value);
    expect(dashboard.today.date).toBe(date);
    expect(dashboard.today.sales).toEqual({ count: counting.length, total });
    expect(dashboard.today.byTill.map((t) => t.tillNumber).sort()).toEqual([1, 2]);
    const day = await call('shop.dayReport', { date });
    const report = dayReportSchema.parse(day.value);
    expect(report.sales.count).toBe(counting.length);
    expect(report.sales.total).toBe(total);
    for (const [i, till] of report.tills.entries()) {
      const own = counting.filter((s) => sales.find((d) => d.sale === s)!.tillIndex === i);
      expect(till.sales).toEqual({ count: own.length, total: sumAmounts(own.map((s) => s.total)) });
    }
    // No Z has reached the server: both tills are named.
    expect(report.tillsWithoutZ.map((t) => t.number)).toEqual([1, 2]);
  });

  it('searches every till\'s sales, opens one, and wakes the change signal when a till pushes', async () => {
    const first = sales[0]!.sale;
    const page = salesPageSchema.parse((await call('shop.sales', {})).value);
    expect(page.total).toBe(sales.length);
    const found = await call('shop.sale', { referenceCode: first.referenceCode });
    expect(saleDetailSchema.parse(found.value).summary.referenceCode).toBe(first.referenceCode);
    expect(await call('shop.sale', { referenceCode: 'T9-nothing-1' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });

    const now = await call('shop.waitForChange', { wait: 0 });
    expect(now.ok).toBe(true);
    const version: string = now.value.version;
    const waiting = call('shop.waitForChange', { since: version, wait: 20 });
    await pushAll([tills[1]!], [{ tillIndex: 0, sale: oneSale(`T2-late-${Date.now()}`, 99, Date.now()) }]);
    expect(await waiting).toMatchObject({ ok: true, value: { changed: true } });
  });

  it('answers a validated sale\'s COPIA paper (number, CUFE, QR) with the shop\'s seller, and refuses without one or for a sale not validated', async () => {
    const validated = sales.find((s) => s.sale.service.state === 'validated')!.sale;
    const notValidated = sales.find((s) => s.sale.service.state !== 'validated')!.sale;
    // No till has uploaded the shop's settings here yet: no seller, no fiscal paper.
    expect(await call('shop.reprintSale', { referenceCode: validated.referenceCode }))
      .toMatchObject({ ok: false, error: { code: 'UNAVAILABLE', reason: 'SHOP_SELLER_MISSING' } });
    // As the first till uploads them: the till's settings text, kept as a JSON string.
    await saveRecord(h.db, 'setting', 'seller', JSON.stringify(SELLER), Date.now());
    await saveRecord(h.db, 'setting', 'numbering_authorization', JSON.stringify(AUTHORIZATION), Date.now());
    const before = Date.now();
    const answer = await call('shop.reprintSale', { referenceCode: validated.referenceCode });
    expect(answer).toMatchObject({ ok: true, value: { queued: false } });
    const receipt: ReceiptDto = answer.value.receipt;
    expect(receipt).toMatchObject({
      fiscal: true, title: 'Factura electrónica de venta', seller: SELLER, authorization: AUTHORIZATION, paperWidth: 80,
      fullNumber: validated.service.fullNumber, cufe: validated.service.cufe, referenceCode: validated.referenceCode,
      // The samples were pushed without the service's QR URL: the DIAN's lookup from the CUFE.
      qrUrl: dianQrUrl(validated.service.cufe!, 'production'), state: 'validated',
      copy: { copyNumber: 0, fiscal: true },
    });
    expect(receipt.copy!.at).toBeGreaterThanOrEqual(before);
    expect(receipt.qrImage).toMatch(/^data:image\/png;base64,/);
    expect(receipt.totals.payable).toBe(validated.total);
    expect(await call('shop.reprintSale', { referenceCode: notValidated.referenceCode }))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: 'SALE_NOT_VALIDATED' } });
  });

  it('saves a product into the tills\' feed, answers a stale version with the current one, refuses on the form\'s field', async () => {
    const cursor = changesResponseSchema.parse((await tills[0]!.call('GET', '/v1/changes?since=0')).body).cursor;
    // A till long-polling the feed is woken by the save (the server's own notifier), not left to its deadline.
    let woken = false;
    const stop = new AbortController();
    void h.server.notifier.wait(120_000, stop.signal).then(() => { woken = !stop.signal.aborted; });
    const created = await call('shop.saveProduct', { product: COFFEE, baseVersion: null });
    stop.abort();
    expect(woken).toBe(true);
    // The shelf price became the base that pays it exactly, as through a till's bridge.
    expect(created).toMatchObject({ ok: true, value: { outcome: 'saved', record: { code: 'CAF-1', price: 4201.68, version: 1 } } });
    const feed = changesResponseSchema.parse((await tills[1]!.call('GET', `/v1/changes?since=${cursor}`)).body);
    expect(feed.changes.filter((c) => c.kind === 'product')).toEqual([expect.objectContaining({ key: 'CAF-1', data: expect.objectContaining({ price: 4201.68, version: 1 }) })]);

    expect(await call('shop.saveProduct', { product: { ...COFFEE, priceEntry: 'base', price: 4500 }, baseVersion: 1 }))
      .toMatchObject({ ok: true, value: { outcome: 'saved', record: { price: 4500, version: 2 } } });
    const stale = await call('shop.saveProduct', { product: { ...COFFEE, name: 'Café viejo' }, baseVersion: 1 });
    expect(stale).toMatchObject({ ok: true, value: { outcome: 'stale', current: { code: 'CAF-1', name: 'Café de origen', price: 4500, version: 2 } } });
    const after = changesResponseSchema.parse((await tills[0]!.call('GET', `/v1/changes?since=${feed.cursor}`)).body);
    expect(after.changes.map((c) => [c.key, c.kind === 'product' ? c.data.version : null])).toEqual([['CAF-1', 2]]);

    // The form's rule (a shelf price with no exact base) and the bridge contract both refuse on their field.
    expect(await call('shop.saveProduct', { product: { ...COFFEE, code: 'CAF-2', price: 1025 }, baseVersion: null }))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { 'product.price': expect.any(String) } } });
    expect(await call('shop.saveProduct', { product: { ...COFFEE, code: ' X' }, baseVersion: null })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const page = productsPageSchema.parse((await call('shop.products', { q: 'caf' })).value);
    expect(page.products.map((p) => [p.code, p.version])).toEqual([['CAF-1', 2]]);
  });

  it('saves customers and people by version, refuses a rule of the shop on its field, never answers a PIN\'s hash', async () => {
    const customer = await call('shop.saveCustomer', { key: null, customer: BUYER, baseVersion: null });
    expect(customer).toMatchObject({ ok: true, value: { outcome: 'saved', record: { key: '31:900123456', version: 1 } } });
    expect(customersPageSchema.parse((await call('shop.customers', { q: '9001' })).value).total).toBe(1);
    const listed = peopleListSchema.parse((await call('shop.people')).value);
    expect(listed.people.map((p) => p.name)).toEqual(['Marta', 'Rosa']);
    expect(JSON.stringify(listed)).not.toContain('scrypt');
    expect(await call('shop.savePerson', { key: null, baseVersion: null, name: 'rosa', role: 'cashier', active: true, pin: '1111' }))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', reason: 'NAME_TAKEN', fields: { name: expect.any(String) } } });
    const added = await call('shop.savePerson', { key: null, baseVersion: null, name: 'Julián', role: 'cashier', active: true, pin: '97531' });
    expect(added).toMatchObject({ ok: true, value: { outcome: 'saved', record: { name: 'Julián', role: 'cashier', version: 1 } } });
    expect(JSON.stringify(added)).not.toMatch(/scrypt|97531/);
    const { rows } = await h.db.query<{ data: { pinHash: string } }>('SELECT data FROM people WHERE key = $1', [added.value.record.key]);
    expect(await pinMatches('97531', rows[0]!.data.pinHash)).toBe(true);
  });

  it('lists each till\'s shifts closed on a day and serves a Z as its till froze it', async () => {
    const z = sampleShiftReport('Z'); // closed 2026-11-23 in Bogotá
    const shift = (shiftId: number, closedAt: number) => ({
      shiftId, openedAt: z.shift.openedAt, openedBy: z.shift.openedBy, openingCash: '100000.00', closedAt, closedBy: 'José Núñez',
      countedCash: z.cash.counted!, report: { ...z, shift: { ...z.shift, id: shiftId } },
    });
    expect((await tills[0]!.call('POST', '/v1/shifts', { shifts: [shift(7, z.shift.closedAt!)] })).status).toBe(200);
    expect((await tills[1]!.call('POST', '/v1/shifts', { shifts: [shift(3, z.shift.closedAt! - 3_600_000)] })).status).toBe(200);
    const day = shiftsListSchema.parse((await call('shop.shifts', { date: '2026-11-23' })).value);
    expect(day.shifts.map((s) => [s.tillNumber, s.shiftId])).toEqual([[1, 7], [2, 3]]);
    expect(day.shifts[0]).toMatchObject({ opening: '100000.00', counted: '149700.00', difference: '-800.00', sales: { count: 3, total: z.sales.payable } });
    expect(shiftsListSchema.parse((await call('shop.shifts', { date: '2026-11-23', till: 2 })).value).shifts.map((s) => s.shiftId)).toEqual([3]);
    expect(await call('shop.shifts', { date: '2026-11-31' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { date: expect.any(String) } } });
    const detail = shiftDetailSchema.parse((await call('shop.shift', { tillNumber: 1, shiftId: 7 })).value);
    expect(detail.report).toMatchObject({ kind: 'Z', sales: z.sales, taxes: z.taxes, cash: z.cash });
    expect(await call('shop.shift', { tillNumber: 1, shiftId: 8 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    // No receipts' printer on the PC: the page prints the Z it shows.
    expect(await call('shop.printShift', { tillNumber: 1, shiftId: 7 })).toMatchObject({ ok: true, value: { queued: false } });
    expect(await call('shop.printShift', { tillNumber: 1, shiftId: 8 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('prints through the browser and ends the session when the owner closes it', async () => {
    expect(await call('shop.printDayReport', { date })).toMatchObject({ ok: true, value: { printed: false } });
    expect(await call('shop.dayReportPdf', { date })).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    expect(await call('shop.closeBackOffice')).toMatchObject({ ok: true, value: { closed: true } });
    expect(await call('shop.dashboard')).toMatchObject({ ok: false, error: { reason: 'BACK_OFFICE_CLOSED' } });
  });

  it('pauses the owner\'s PIN checks after five wrong PINs, as the server does for a till', async () => {
    for (let i = 0; i < 5; i++) expect(await call('shop.openBackOffice', { pin: '0000', personKey: people.owner })).toMatchObject({ ok: false });
    expect(await call('shop.openBackOffice', { pin: OWNER_PIN, personKey: people.owner })).toMatchObject({ ok: false, error: { reason: 'PIN_LOCKED' } });
  });
});
