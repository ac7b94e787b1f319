/**
 * People and permissions through the real bridge dispatch of a composed app (real SQLite file, embedded demo
 * sandbox over HTTP on 127.0.0.1, real keychain): a cashier's restricted calls are refused by the core whatever
 * is sent, an owner's PIN allows exactly one call and is recorded, and every sale records its till and cashier.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILE } from '../../../electron/compose';
import { consumidorFinal } from '../../../shared/customer';
import { CASH, ITEMS, startAppRig, type AppRig } from './app-rig';

const OWNER_PIN = '2468';
const CASHIER_PIN = '1357';
const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
const coffee = ITEMS[0]!; // CAF-500 at its catalog price 18900, IVA 5 %
const buyer = {
  identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Cliente S.A.S.', tax_regime: '48',
  email: 'compras@cliente.example.co', municipality_code: '05001',
};

describe('people at the till, enforced by the core', () => {
  let rig: AppRig;
  let db: Database.Database;
  let ownerId = 0;
  let cashierId = 0;
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

  beforeAll(async () => {
    rig = await startAppRig();
    db = new Database(join(rig.dataDir, DATA_FILE), { readonly: true });
  });
  afterAll(async () => {
    db?.close();
    await rig?.close();
  });

  it('with nobody set up the till works as before: no restrictions, sales with no cashier', async () => {
    expect(await rig.value('people.session', {})).toEqual({ setUp: false, current: null, people: [] });
    const sale = await rig.value('sales.charge', { customer, items: [{ ...coffee, price: 100 }], payment: CASH });
    expect(db.prepare('SELECT cashier_id, cashier_name, till_name, till_id FROM sales WHERE id = ?').get(sale.saleId))
      .toEqual({ cashier_id: null, cashier_name: '', till_name: 'Caja 1', till_id: sale.referenceCode.slice(0, 6) });
    expect((await rig.call('settings.save', { silentPrint: false })).ok).toBe(true);
  });

  it('the first person must be an owner, and becomes the one selling', async () => {
    expect(await rig.call('people.save', { person: { name: 'Beto', role: 'cashier', pin: CASHIER_PIN } }))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { 'person.role': expect.stringContaining('owner') } } });
    expect(count('people')).toBe(0);
    const ana = await rig.value('people.save', { person: { name: 'Ana', role: 'owner', pin: OWNER_PIN } });
    ownerId = ana.id;
    expect(await rig.value('people.session', {})).toMatchObject({ setUp: true, current: { name: 'Ana', role: 'owner' } });
    // A PIN is never compared with anyone's on saving (that would tell an owner which PINs the cashiers have).
    cashierId = (await rig.value('people.save', { person: { name: 'Beto', role: 'cashier', pin: OWNER_PIN } })).id;
    await rig.value('people.save', { person: { id: cashierId, name: 'Beto', role: 'cashier', pin: CASHIER_PIN } });
    // Only a salted hash is stored: neither PIN is anywhere in the data files.
    const hashes = db.prepare('SELECT pin_hash FROM people').all() as Array<{ pin_hash: string }>;
    expect(hashes.every((h) => h.pin_hash.startsWith('scrypt$'))).toBe(true);
    expect(rig.dataFilesText()).not.toContain(`"${OWNER_PIN}"`);
    // With people set up a till sells inside a shift (issue 26): the owner opens one.
    await rig.value('shifts.open', { openingCash: 0 });
  });

  it('the last active owner cannot be demoted or deactivated', async () => {
    expect(await rig.call('people.save', { person: { id: ownerId, name: 'Ana', role: 'cashier' } }))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { 'person.role': expect.stringContaining('owner must remain') } } });
    expect(await rig.call('people.save', { person: { id: ownerId, name: 'Ana', role: 'owner', active: false } })).toMatchObject({ ok: false });
  });

  it('signing in needs the person\'s own PIN', async () => {
    expect(await rig.call('people.signIn', { personId: cashierId, pin: OWNER_PIN }))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN', fields: { pin: expect.any(String) } } });
    expect((await rig.value('people.session', {})).current?.name).toBe('Ana');
    expect((await rig.value('people.signIn', { personId: cashierId, pin: CASHIER_PIN })).current).toMatchObject({ name: 'Beto', role: 'cashier' });
  });

  it('a cashier cannot change Settings alone; an owner\'s PIN allows that one call, and it is recorded', async () => {
    const refused = await rig.call('settings.save', { tillName: 'Caja 2' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringContaining('Beto'), fields: { ownerOverride: expect.any(String) } } });
    expect(await rig.call('settings.save', { tillName: 'Caja 2', ownerOverride: { pin: CASHIER_PIN } }))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect((await rig.value('settings.get', {})).tillName).toBe('Caja 1');
    expect(count('overrides')).toBe(0);

    expect((await rig.value('settings.save', { tillName: 'Caja 2', ownerOverride: { pin: OWNER_PIN } })).tillName).toBe('Caja 2');
    expect(db.prepare('SELECT owner_name, cashier_name, action, detail FROM overrides').all())
      .toEqual([{ owner_name: 'Ana', cashier_name: 'Beto', action: 'settings', detail: JSON.stringify({ kind: 'settings', fields: ['tillName'] }) }]);
    // One PIN, one call: the next change needs it again.
    expect(await rig.call('settings.save', { tillName: 'Caja 3' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await rig.call('settings.useDemo', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('a cashier\'s sale records who sold it and at which till', async () => {
    const sale = await rig.value('sales.charge', { customer, items: [coffee], payment: CASH });
    expect(db.prepare('SELECT cashier_id, cashier_name, till_name FROM sales WHERE id = ?').get(sale.saleId))
      .toEqual({ cashier_id: cashierId, cashier_name: 'Beto', till_name: 'Caja 2' });
  });

  it('a cashier cannot charge a changed price or tax; an owner\'s approval covers that product on that open sale once', async () => {
    const before = count('sales');
    const cheaper = { customer, items: [{ ...coffee, price: 15000 }], payment: CASH, openSaleSlot: 'counter' };
    expect(await rig.call('sales.charge', cheaper))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN', fields: { 'items.0.price': expect.stringContaining('owner') } } });
    expect(await rig.call('sales.charge', { ...cheaper, items: [{ ...coffee, taxes: [{ code: '01', rate: 19 }] }] }))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    // A product the catalog does not have: its price was typed.
    expect(await rig.call('sales.charge', { ...cheaper, items: [{ ...coffee, code: 'NO-ESTA' }] })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(count('sales')).toBe(before);

    expect(await rig.call('people.approveLine', { code: 'CAF-500', ownerOverride: { pin: CASHIER_PIN } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await rig.value('people.approveLine', { code: 'CAF-500', ownerOverride: { pin: OWNER_PIN } })).toEqual({ approved: true });
    // Approved for the counter's open sale only.
    expect(await rig.call('sales.charge', { ...cheaper, openSaleSlot: 'other' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const sale = await rig.value('sales.charge', cheaper);
    expect(sale.totals.payable).toBe('15750.00');
    const used = db.prepare(`SELECT owner_name, cashier_name, action, detail, sale_id FROM overrides WHERE action = 'price'`).all();
    expect(used).toEqual([{
      owner_name: 'Ana', cashier_name: 'Beto', action: 'price', sale_id: sale.saleId,
      detail: JSON.stringify({ kind: 'price', lines: [{
        code: 'CAF-500', name: 'Café molido tradicional 500 g', catalogPrice: '18900', catalogTaxes: [{ code: '01', rate: '5' }],
        chargedPrice: '15000', chargedTaxes: [{ code: '01', rate: '5' }],
      }] }),
    }]);
    expect(await rig.call('sales.charge', cheaper)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('a cashier may add a new buyer but not change a saved buyer\'s tax data', async () => {
    await rig.value('customers.save', { customer: buyer });
    await rig.value('customers.save', { customer: { ...buyer, email: 'otra@cliente.example.co' } });
    expect(await rig.call('customers.save', { customer: { ...buyer, tax_regime: '49' } }))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN', fields: { ownerOverride: expect.any(String) } } });
    expect(db.prepare('SELECT tax_regime FROM customers WHERE identification = ?').get('900373115')).toEqual({ tax_regime: '48' });
    await rig.value('customers.save', { customer: { ...buyer, tax_regime: '49' }, ownerOverride: { pin: OWNER_PIN } });
    expect(db.prepare('SELECT tax_regime FROM customers WHERE identification = ?').get('900373115')).toEqual({ tax_regime: '49' });
  });

  it('a cashier cannot send a needing-attention sale again, manage people or read the override log alone', async () => {
    expect(await rig.call('sales.retry', { id: 1 })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await rig.call('people.save', { person: { name: 'Caro', role: 'owner', pin: '9999' } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await rig.call('people.save', { person: { id: cashierId, name: 'Beto', role: 'owner' } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await rig.call('people.overrides', { limit: 10 })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(count('people')).toBe(2);
  });

  it('the owner sees every override: who, what, for whom, when, and the sale it was used on', async () => {
    await rig.value('people.signIn', { personId: ownerId, pin: OWNER_PIN });
    const log = await rig.value('people.overrides', { limit: 10 });
    expect(log.total).toBe(3);
    expect(log.overrides.map((o) => o.action).sort()).toEqual(['customer-tax', 'price', 'settings']);
    expect(log.overrides.find((o) => o.action === 'price')).toMatchObject({ ownerName: 'Ana', cashierName: 'Beto', saleShortNumber: expect.any(Number) });
    // Facts, not words: the screen says them in its language (renderer/people/override-text.ts).
    expect(log.overrides.find((o) => o.action === 'price')?.detail).toMatchObject({ kind: 'price', lines: [{ catalogPrice: '18900', chargedPrice: '15000' }] });
    expect(log.overrides.find((o) => o.action === 'customer-tax')?.detail)
      .toEqual({ kind: 'customer-tax', identification: '900373115', changes: [{ field: 'tax_regime', from: '48', to: '49' }] });
    // An owner works without PINs, and may change prices.
    expect((await rig.call('sales.charge', { customer, items: [{ ...coffee, price: 1 }], payment: CASH })).ok).toBe(true);
  });

  it('history tells tills apart: each sale keeps its till and cashier, and filters by till', async () => {
    const tillId = (await rig.value('settings.get', {})).tillId;
    const all = await rig.value('sales.search', { limit: 50 });
    expect(all.sales.find((s) => s.cashierName === 'Beto')).toMatchObject({ tillId, tillName: 'Caja 2' });
    // A sale from another till, as a merged or restored file would bring one.
    const writer = new Database(join(rig.dataDir, DATA_FILE));
    writer.prepare(`UPDATE sales SET till_id = 'QQQQQQ', till_name = 'Caja Norte' WHERE id = 1`).run();
    writer.close();
    expect(await rig.value('sales.tills', {})).toEqual([{ tillId, tillName: 'Caja 2' }, { tillId: 'QQQQQQ', tillName: 'Caja Norte' }]);
    expect(await rig.value('sales.search', { limit: 50, tillId: 'QQQQQQ' })).toMatchObject({ total: 1, sales: [{ id: 1, tillName: 'Caja Norte' }] });
    expect((await rig.value('sales.search', { limit: 50, tillId })).total).toBe(all.total - 1);
    expect(await rig.call('sales.search', { limit: 5, tillId: 'caja 1' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { tillId: expect.any(String) } } });
  });

  it('with nobody signed in nothing is charged', async () => {
    expect((await rig.value('people.signOut', {})).current).toBeNull();
    const before = count('sales');
    expect(await rig.call('sales.charge', { customer, items: [coffee], payment: CASH }))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringContaining('who is selling') } });
    expect(await rig.call('settings.save', { tillName: 'Caja 9' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(count('sales')).toBe(before);
  });
});
