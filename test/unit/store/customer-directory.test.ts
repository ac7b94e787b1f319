import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerDirectoryHandlers } from '../../../electron/core/app/customer-directory-handlers';
import { dispatch, type BridgeHandlers } from '../../../electron/core/bridge/dispatch';
import { migrate, openStore, type Store } from '../../../electron/core/store';

const PENA = {
  identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Distribuidora Peña SAS',
  tax_regime: '48', email: 'compras@pena.example.co', municipality_code: '05001',
};
const HEADER = 'tipo_identificacion;identificacion;dv;nombre;tipo_persona;regimen;correo;municipio';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

let dir: string;
let file: string;
let store: Store;
let handlers: BridgeHandlers;
const call = (method: Parameters<typeof dispatch>[1], input: unknown) => dispatch(handlers, method, input);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-customers-'));
  file = join(dir, 'mostrador.sqlite');
});
afterEach(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});
const open = () => {
  store = openStore({ path: file, now: () => 1_700_000_000_000 });
  handlers = customerDirectoryHandlers({ store, now: () => 1_700_000_000_000 }) as BridgeHandlers;
  return store;
};

describe('migration 9: the customer directory', () => {
  it('8 → 9 folds the names already stored, so "pena" finds "Peña", and keeps every customer', () => {
    const db = new Database(file);
    migrate(db, { target: 8 });
    db.prepare(`INSERT INTO customers (identification_type, identification, dv, name, person_type, tax_regime, email, municipality_code, updated_at)
                VALUES ('31', '900373115', '3', 'Distribuidora Peña SAS', '1', '48', 'a@b.co', '05001', 7)`).run();
    migrate(db, { target: 9 });
    expect(db.prepare('SELECT folded_name, created_at FROM customers').get()).toEqual({ folded_name: 'distribuidora pena sas', created_at: 7 });
    db.close();
    open();
    expect(store.searchCustomers('PENA', 5).map((c) => c.customer.name)).toEqual(['Distribuidora Peña SAS']);
    expect(store.listCustomers({ text: '9003', limit: 5 }).total).toBe(1);
  });
});

describe('the customer directory over the bridge', () => {
  it('lists everyone or by name or number, and edits a customer, its identification included', async () => {
    open();
    const saved = store.upsertCustomer(PENA);
    store.upsertCustomer({ ...PENA, identification_type: '13', identification: '52345678', dv: '3', person_type: '2', tax_regime: '49', name: 'Álvaro Ruiz' });
    expect(await call('customers.list', { limit: 10 })).toMatchObject({ ok: true, value: { total: 2 } });
    expect(await call('customers.list', { text: 'alvaro', limit: 10 })).toMatchObject({ ok: true, value: { total: 1, customers: [{ customer: { name: 'Álvaro Ruiz' } }] } });
    const edited = await call('customers.update', { id: saved.id, customer: { ...PENA, identification: '800197268', dv: '4', name: 'Peña Hermanos' } });
    expect(edited).toMatchObject({ ok: true, value: { id: saved.id, customer: { identification: '800197268', name: 'Peña Hermanos' } } });
    expect(store.searchCustomers('hermanos', 5)).toHaveLength(1);
  });

  it('refuses to give a customer the identification of another, by the field, and changes nothing', async () => {
    open();
    const a = store.upsertCustomer(PENA);
    store.upsertCustomer({ ...PENA, identification: '800197268', dv: '4', name: 'Otro' });
    const answer = await call('customers.update', { id: a.id, customer: { ...PENA, identification: '800197268', dv: '4' } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { 'customer.identification': expect.stringMatching(/Otro/) } } });
    expect(store.getCustomer(a.id)?.customer.identification).toBe('900373115');
    expect(await call('customers.update', { id: 999, customer: PENA })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('a CSV with one bad row: the preview names it and writes nothing, the import refuses it whole; fixed, it imports, and again it updates', async () => {
    open();
    const bad = `${HEADER}\n31;900373115;;Peña SAS;;;a@b.co;05001\n13;52345678;;Sin correo;;;;11001\n`;
    const preview = await call('customers.importPreview', { file: b64(bad) });
    expect(preview).toMatchObject({ ok: true, value: { rows: 2, created: 1, updated: 0, problems: [{ row: 3, column: 'correo' }] } });
    expect(await call('customers.import', { file: b64(bad) })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringMatching(/row 3, column correo/) } });
    expect(store.listCustomers({ limit: 10 }).total).toBe(0);

    const fixed = bad.replace(';;;;11001', ';;;ana@example.co;11001');
    expect(await call('customers.import', { file: b64(fixed) })).toEqual({ ok: true, value: { created: 2, updated: 0, outcome: 'imported', saved: 2, rows: 2 } });
    const renamed = fixed.replace('Peña SAS', 'Peña y Cía SAS');
    expect(await call('customers.importPreview', { file: b64(renamed) })).toMatchObject({ ok: true, value: { created: 0, updated: 2, problems: [] } });
    expect(await call('customers.import', { file: b64(renamed) })).toEqual({ ok: true, value: { created: 0, updated: 2, outcome: 'imported', saved: 2, rows: 2 } });
    expect(store.listCustomers({ text: 'cia', limit: 5 }).customers.map((c) => c.customer.name)).toEqual(['Peña y Cía SAS']);

    const exported = await call('customers.export', {}) as { ok: true; value: { fileName: string; csv: string } };
    expect(exported.value.fileName).toBe('clientes-2023-11-14.csv');
    expect(exported.value.csv).toContain('900373115;3;Peña y Cía SAS;1;48;a@b.co;05001');
  });
});
