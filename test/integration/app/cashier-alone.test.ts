/**
 * What a cashier may do alone, completely (issue 19, part 4), through the real bridge dispatch of a composed app
 * (real SQLite file, embedded demo sandbox over HTTP on 127.0.0.1, real keychain): a discount above the owner's
 * setting needs the owner's approval like a price change, a saved buyer is invoiced with its saved tax data unless
 * an owner allows otherwise, and the override log cannot be rewritten.
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
const coffee = ITEMS[0]!; // CAF-500 at its catalog price 18900, IVA 5 %, no catalog discount
const buyer = {
  identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Cliente S.A.S.', tax_regime: '48',
  email: 'compras@cliente.example.co', municipality_code: '05001',
};

describe('what a cashier may do alone', () => {
  let rig: AppRig;
  let db: Database.Database;
  let ownerId = 0;
  let cashierId = 0;
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

  beforeAll(async () => {
    rig = await startAppRig();
    db = new Database(join(rig.dataDir, DATA_FILE), { readonly: true });
    ownerId = (await rig.value('people.save', { person: { name: 'Ana', role: 'owner', pin: OWNER_PIN } })).id;
    await rig.value('customers.save', { customer: buyer });
    cashierId = (await rig.value('people.save', { person: { name: 'Beto', role: 'cashier', pin: CASHIER_PIN } })).id;
    await rig.value('people.signIn', { personId: cashierId, pin: CASHIER_PIN });
    // With people set up a till sells inside a shift (issue 26).
    await rig.value('shifts.open', { openingCash: 0 });
  });
  afterAll(async () => {
    db?.close();
    await rig?.close();
  });

  it('a cashier cannot charge 50 coffees at 100 % discount alone: by default no discount of their own', async () => {
    expect((await rig.value('settings.get', {})).cashierMaxDiscount).toBe(0);
    const before = count('sales');
    const free = { customer, items: [{ ...coffee, quantity: 50, discount_rate: 100 }], payment: CASH, openSaleSlot: 'counter' };
    expect(await rig.call('sales.charge', free))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN', fields: { 'items.0.discount_rate': expect.stringContaining('owner') } } });
    expect(await rig.call('sales.charge', { ...free, items: [{ ...coffee, discount_rate: 5 }] })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(count('sales')).toBe(before);
    // The catalog's own price, tax and discount need nobody.
    expect((await rig.call('sales.charge', { ...free, items: [coffee] })).ok).toBe(true);
  });

  it('the owner sets the largest discount a cashier may give alone (same rule as a discount); above it, the owner approves the line', async () => {
    expect(await rig.call('settings.save', { cashierMaxDiscount: 10 })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await rig.call('settings.save', { cashierMaxDiscount: 100.5, ownerOverride: { pin: OWNER_PIN } }))
      .toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { cashierMaxDiscount: expect.any(String) } } });
    expect((await rig.value('settings.save', { cashierMaxDiscount: 10, ownerOverride: { pin: OWNER_PIN } })).cashierMaxDiscount).toBe(10);

    const sale = (discount: number, slot = 'counter') => ({ customer, items: [{ ...coffee, discount_rate: discount }], payment: CASH, openSaleSlot: slot });
    expect((await rig.call('sales.charge', sale(10))).ok).toBe(true);
    expect(await rig.call('sales.charge', sale(10.01))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', fields: { 'items.0.discount_rate': expect.any(String) } } });

    await rig.value('people.approveLine', { slot: 'counter', code: 'CAF-500', ownerOverride: { pin: OWNER_PIN } });
    expect(await rig.call('sales.charge', sale(50, 'other'))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const charged = await rig.value('sales.charge', sale(50));
    const used = db.prepare(`SELECT owner_name, cashier_name, detail, sale_id FROM overrides WHERE action = 'price' AND sale_id IS NOT NULL`).all();
    expect(used).toEqual([{
      owner_name: 'Ana', cashier_name: 'Beto', sale_id: charged.saleId,
      detail: JSON.stringify({ kind: 'price', lines: [{
        code: 'CAF-500', name: 'Café molido tradicional 500 g', catalogPrice: '18900', catalogTaxes: [{ code: '01', rate: '5' }],
        chargedPrice: '18900', chargedTaxes: [{ code: '01', rate: '5' }], catalogDiscount: '0', chargedDiscount: '50',
      }] }),
    }]);
    // Used up by that charge: the next sale starts locked again.
    expect(await rig.call('sales.charge', sale(50))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('a saved buyer is invoiced with its saved tax data; other data needs the owner, once, and is recorded', async () => {
    const before = count('sales');
    const charge = (c: typeof buyer) => ({ customer: c, items: [coffee], payment: CASH });
    expect(await rig.call('sales.charge', charge({ ...buyer, name: 'Otra Empresa S.A.S.', tax_regime: '49' })))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN', fields: { ownerOverride: expect.any(String) } } });
    expect(await rig.call('sales.charge', charge({ ...buyer, tax_regime: '49' }))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await rig.call('sales.charge', { ...charge({ ...buyer, name: 'Otra' }), ownerOverride: { pin: CASHIER_PIN } }))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(count('sales')).toBe(before);

    // The saved data (an e-mail is not tax data) and a new buyer are a cashier's everyday work.
    expect((await rig.call('sales.charge', charge({ ...buyer, email: 'otra@cliente.example.co' }))).ok).toBe(true);
    expect((await rig.call('sales.charge', charge({ ...buyer, identification: '800197268', dv: '4', name: 'Nuevo S.A.S.' }))).ok).toBe(true);

    const allowed = await rig.value('sales.charge', { ...charge({ ...buyer, name: 'Otra Empresa S.A.S.' }), ownerOverride: { pin: OWNER_PIN } });
    expect(JSON.parse((db.prepare('SELECT customer FROM sales WHERE id = ?').get(allowed.saleId) as { customer: string }).customer))
      .toMatchObject({ name: 'Otra Empresa S.A.S.' });
    expect(db.prepare(`SELECT owner_name, cashier_name, detail FROM overrides WHERE action = 'customer-tax'`).all()).toEqual([{
      owner_name: 'Ana', cashier_name: 'Beto',
      detail: JSON.stringify({ kind: 'customer-tax', identification: '900373115', changes: [{ field: 'name', from: 'Cliente S.A.S.', to: 'Otra Empresa S.A.S.' }] }),
    }]);
    // The directory keeps its data: the owner allowed one charge, not an edit.
    expect(db.prepare('SELECT name, tax_regime FROM customers WHERE identification = ?').get('900373115')).toEqual({ name: 'Cliente S.A.S.', tax_regime: '48' });
  });

  it('the override log cannot be rewritten or erased, even by someone with the data file', async () => {
    const writer = new Database(join(rig.dataDir, DATA_FILE));
    try {
      expect(() => writer.prepare('DELETE FROM overrides').run()).toThrow(/never deleted/);
      expect(() => writer.prepare(`UPDATE overrides SET owner_name = 'Beto'`).run()).toThrow(/cannot change/);
      expect(() => writer.prepare(`UPDATE overrides SET detail = '{"kind":"demo"}' WHERE action = 'customer-tax'`).run()).toThrow(/cannot change/);
    } finally {
      writer.close();
    }
    expect(count('overrides')).toBe(3); // settings, the discount approval, the buyer's data
    expect((db.prepare('SELECT DISTINCT owner_name FROM overrides ORDER BY 1').all() as Array<{ owner_name: string }>).map((r) => r.owner_name)).toEqual(['Ana']);
    await rig.value('people.signIn', { personId: ownerId, pin: OWNER_PIN });
    // An owner at the till gives any discount and uses any buyer data without PINs.
    expect((await rig.call('sales.charge', { customer: { ...buyer, name: 'Otra' }, items: [{ ...coffee, discount_rate: 100 }], payment: CASH })).ok).toBe(true);
  });
});
