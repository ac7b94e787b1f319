import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPosApp } from '../../../electron/core/app/pos-app';
import { dispatch } from '../../../electron/core/bridge/dispatch';
import { createKeytarCredentialStore } from '../../../electron/core/secrets/keytar-store';
import { openStore } from '../../../electron/core/store';
import { BRIDGE_METHODS } from '../../../shared/bridge/contract';

// A real store; the app is not started, so no service is contacted (the calls here never need one).
function unstartedApp() {
  const store = openStore({ path: ':memory:' });
  const app = createPosApp({
    store,
    credentials: createKeytarCredentialStore({ service: `MostradorTest-${randomUUID()}` }),
    demo: { start: () => Promise.reject(new Error('not used')), stop: async () => {} },
    demoSeller: { name: 'Demo', nit: '900373115', dv: '3', address: '', phone: '', email: 'demo@example.co', municipalityCode: '11001', resolutionText: '' },
    shell: 'browser',
    version: '0.0.0-test',
  });
  return { store, app };
}

describe('bridge dispatch', () => {
  it('has a handler for every method of the contract', () => {
    const { app, store } = unstartedApp();
    expect(Object.keys(app.handlers).sort()).toEqual([...BRIDGE_METHODS].sort());
    store.close();
  });

  it('refuses an unknown method as a value', async () => {
    const { app, store } = unstartedApp();
    await expect(dispatch(app.handlers, 'sales.delete', {})).resolves.toEqual({
      ok: false, error: { code: 'UNKNOWN_METHOD', message: 'There is no bridge method "sales.delete".' },
    });
    expect((await dispatch(app.handlers, 42, {})).ok).toBe(false);
    expect((await dispatch(app.handlers, '__proto__', {})).ok).toBe(false);
    store.close();
  });

  it('refuses invalid input with a message per field, before any handler runs', async () => {
    const { app, store } = unstartedApp();
    const result = await dispatch(app.handlers, 'sales.charge', {
      customer: { identification_type: '13' },
      items: [],
      payment: { form_code: '1', means_code: '10', tip: 5 },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_INPUT');
    expect(result.error.fields).toMatchObject({ items: expect.any(String), 'customer.identification': expect.any(String), payment: 'property tip should not exist' });
    expect(store.searchSales({ limit: 10 }).total).toBe(0);

    const connection = await dispatch(app.handlers, 'settings.saveConnection', { baseUrl: 'not a url', clientId: 'abc', clientSecret: '' });
    expect(connection.ok || connection.error.fields).toEqual({
      baseUrl: 'must be a URL such as https://api.example.com', clientId: 'must start with fc_', clientSecret: 'is required',
    });
    store.close();
  });

  it('refuses a NIT buyer whose check digit does not match, naming the field', async () => {
    const { app, store } = unstartedApp();
    const customer = {
      identification_type: '31', identification: '900373115', dv: '4', person_type: '1', name: 'Cliente S.A.S.',
      tax_regime: '48', email: 'compras@cliente.example.co', municipality_code: '05001',
    };
    const refused = await dispatch(app.handlers, 'customers.save', { customer });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { 'customer.dv': 'the check digit does not match NIT 900373115' } } });
    const saved = await dispatch(app.handlers, 'customers.save', { customer: { ...customer, dv: '3' } });
    expect(saved).toMatchObject({ ok: true, value: { customer: { name: 'Cliente S.A.S.' } } });
    expect(await dispatch(app.handlers, 'customers.search', { text: 'Cliente', limit: 5 })).toMatchObject({ ok: true, value: [{ customer: { dv: '3' } }] });
    store.close();
  });

  it('answers a missing sale as NOT_FOUND and hides unexpected failures behind INTERNAL', async () => {
    const { app, store } = unstartedApp();
    expect(await dispatch(app.handlers, 'receipt.get', { saleId: 99 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    store.close(); // now every store call fails in an unplanned way
    const seen: string[] = [];
    const result = await dispatch(app.handlers, 'catalog.search', { text: 'café', limit: 5 }, { onInternalError: (m) => seen.push(m) });
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'Something went wrong inside Mostrador; the details are in the log.' } });
    expect(seen).toEqual(['catalog.search']);
  });
});
