/**
 * The back office behind an owner's PIN, through the real bridge dispatch of a composed app (real SQLite file,
 * embedded demo sandbox over HTTP on 127.0.0.1, real keychain): a cashier's catalog and customer-directory writes
 * are refused by the core, and the same call carrying an owner's PIN is made once and recorded in the override log.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILE } from '../../../electron/compose';
import { startAppRig, type AppRig } from './app-rig';

const OWNER_PIN = '2468';
const CASHIER_PIN = '1357';
const product = {
  code: 'PIN-1', name: 'Panela 500 g', barcodes: ['7709990000011'], unitMeasure: '94', priceEntry: 'shelf' as const, price: 11900,
  tax: { code: '01', rate: 19 }, discountRate: 0, category: null, active: true,
};
const buyer = {
  identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Cliente S.A.S.', tax_regime: '48',
  email: 'compras@cliente.example.co', municipality_code: '05001',
};
const file = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const PRODUCTS = file('codigo;nombre;precio_con_iva;tarifa\nPIN-2;Bocadillo;2500;19\n');
const CUSTOMERS = file('tipo_identificacion;identificacion;dv;nombre;correo;municipio\n31;900373115;3;Cliente S.A.S.;a@b.co;05001\n');

describe('catalog and customer writes need an owner, whose PIN allows one call', () => {
  let rig: AppRig;
  let db: Database.Database;
  let customerId = 0;
  const overrides = () => db.prepare('SELECT owner_name, cashier_name, action, detail FROM overrides ORDER BY id').all();
  const productRow = (code: string) => db.prepare('SELECT code, name, price, shelf_price FROM products WHERE code = ?').get(code);

  beforeAll(async () => {
    rig = await startAppRig();
    db = new Database(join(rig.dataDir, DATA_FILE), { readonly: true });
    await rig.value('people.save', { person: { name: 'Ana', role: 'owner', pin: OWNER_PIN } });
    customerId = (await rig.value('customers.save', { customer: buyer })).id ?? 0;
    const beto = await rig.value('people.save', { person: { name: 'Beto', role: 'cashier', pin: CASHIER_PIN } });
    await rig.value('people.signIn', { personId: beto.id, pin: CASHIER_PIN });
  });
  afterAll(async () => {
    db?.close();
    await rig?.close();
  });

  it('a cashier\'s catalog.save is FORBIDDEN; with the owner\'s PIN it is saved and recorded', async () => {
    const input = { product, mode: 'create' as const };
    expect(await rig.call('catalog.save', input))
      .toMatchObject({ ok: false, error: { code: 'FORBIDDEN', fields: { ownerOverride: expect.any(String) } } });
    expect(await rig.call('catalog.save', { ...input, ownerOverride: { pin: CASHIER_PIN } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(productRow('PIN-1')).toBeUndefined();
    expect(overrides()).toEqual([]);

    expect(await rig.value('catalog.save', { ...input, ownerOverride: { pin: OWNER_PIN } })).toMatchObject({ code: 'PIN-1', price: '10000.00' });
    expect(productRow('PIN-1')).toEqual({ code: 'PIN-1', name: 'Panela 500 g', price: '10000.00', shelf_price: '11900.00' });
    expect(overrides()).toEqual([{ owner_name: 'Ana', cashier_name: 'Beto', action: 'catalog', detail: JSON.stringify({ kind: 'catalog', method: 'catalog.save' }) }]);
    // One PIN, one call.
    expect(await rig.call('catalog.save', { product: { ...product, name: 'Panela' }, mode: 'update' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('a cashier reads the quick keys; making a product one is a catalog edit, the owner\'s', async () => {
    const keys = await rig.value('catalog.quickKeys', {});
    expect(keys.map((k) => k.code)).toContain('TIN-CAF');
    const input = { product: { ...product, quickKey: true, quickKeyOrder: 1 }, mode: 'update' as const };
    expect(await rig.call('catalog.save', input)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', fields: { ownerOverride: expect.any(String) } } });
    expect(db.prepare(`SELECT quick_key FROM products WHERE code = 'PIN-1'`).get()).toEqual({ quick_key: 0 });
    expect(await rig.value('catalog.save', { ...input, ownerOverride: { pin: OWNER_PIN } })).toMatchObject({ quickKey: true, quickKeyOrder: 1 });
    expect((await rig.value('catalog.quickKeys', {}))[0]).toMatchObject({ code: 'PIN-1', price: '10000.00', taxCode: '01', taxRate: '19' });
  });

  it('every other back-office write takes the owner\'s PIN the same way', async () => {
    const calls = [
      ['catalog.setActive', { code: 'PIN-1', active: false }],
      ['catalog.importPreview', { file: PRODUCTS }],
      ['catalog.importCommit', { file: PRODUCTS }],
      ['customers.update', { id: customerId, customer: { ...buyer, name: 'Cliente Dos S.A.S.' } }],
      ['customers.importPreview', { file: CUSTOMERS }],
      ['customers.import', { file: CUSTOMERS }],
    ] as const;
    for (const [method, input] of calls) {
      expect(await rig.call(method, input), method).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', fields: { ownerOverride: expect.any(String) } } });
      expect(await rig.call(method, { ...input, ownerOverride: { pin: OWNER_PIN } }), method).toMatchObject({ ok: true });
    }
    expect(db.prepare(`SELECT active FROM products WHERE code = 'PIN-1'`).get()).toEqual({ active: 0 });
    expect(productRow('PIN-2')).toMatchObject({ shelf_price: '2500.00' });
    expect(overrides().slice(2).map((o) => JSON.parse((o as { detail: string }).detail))).toEqual([
      ...['catalog.setActive', 'catalog.importPreview', 'catalog.importCommit'].map((method) => ({ kind: 'catalog', method })),
      ...['customers.update', 'customers.importPreview', 'customers.import'].map((method) => ({ kind: 'customers', method })),
    ]);
  });
});
