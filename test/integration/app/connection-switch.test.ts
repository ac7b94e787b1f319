import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeytarCredentialStore } from '../../../electron/core/secrets/keytar-store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { consumidorFinal } from '../../../shared/customer';
import { CASH, ITEMS, forgetSecret, startAppRig, waitForState, type AppRig } from './app-rig';

// The shop's "real" service: a second sandbox with its own account. Runs against the real keychain (with-keyring.sh).
describe('switching the connection: demo → service → demo, with the secret only in the keychain', () => {
  const SECRET = `shop-secret-${randomBytes(12).toString('hex')}`;
  const serviceLog: string[] = [];
  let service: RunningSandbox;
  let rig: AppRig;
  const customer = consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '05001' });

  async function serviceCall(path: string, body?: unknown): Promise<any> {
    const tokenRes = await fetch(`${service.baseUrl}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(5_000),
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'fc_tienda', client_secret: SECRET }),
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const res = await fetch(service.baseUrl + path, {
      method: body === undefined ? 'GET' : 'POST', signal: AbortSignal.timeout(5_000),
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return res.json();
  }

  beforeAll(async () => {
    service = await startSandbox({ clientId: 'fc_tienda', clientSecret: SECRET, validationDelayMs: 100, faults: true, log: (l) => serviceLog.push(l) });
    rig = await startAppRig();
  });
  afterAll(async () => {
    if (rig) await forgetSecret(rig.keychainService, service.baseUrl, 'fc_tienda');
    await rig?.close();
    await service?.close();
  });

  it('refuses a connection with per-field messages and leaves the demo running', async () => {
    const refused = await rig.call('settings.saveConnection', { baseUrl: 'ftp//nope', clientId: 'tienda', clientSecret: SECRET });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { baseUrl: expect.any(String), clientId: 'must start with fc_' } } });
    expect((await rig.value('app.info', {})).demo).toBe(true);
  });

  it('saves the secret into the real keychain and sends new sales to that service', async () => {
    const settings = await rig.value('settings.saveConnection', { baseUrl: service.baseUrl, clientId: 'fc_tienda', clientSecret: SECRET });
    expect(settings.connection).toEqual({
      mode: 'service', baseUrl: service.baseUrl, clientId: 'fc_tienda', hasSecret: true, secretState: 'stored', keychainProblem: null,
    });
    const keychain = createKeytarCredentialStore({ service: rig.keychainService });
    expect(await keychain.getClientSecret({ baseUrl: service.baseUrl, clientId: 'fc_tienda' })).toBe(SECRET);
    expect((await rig.value('app.info', {})).demo).toBe(false);
    expect((await rig.value('sync.status', {})).demo).toBe(false);

    // The automatic choice now comes from the shop's service, whose ranges have their own ids.
    const ranges = await rig.value('ranges.list', {});
    const serviceRanges = await serviceCall('/v1/numbering-ranges');
    const setp = serviceRanges.data.find((r: { prefix: string; document_type: string }) => r.prefix === 'SETP' && r.document_type === 'INVOICE');
    expect(ranges.automaticId).toBe(setp.id);

    const charged = await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await waitForState(rig, charged.saleId, 'validated');
    const atService = await serviceCall(`/v1/documents?reference_code=${charged.referenceCode}`);
    expect(atService.data).toHaveLength(1);
    expect(atService.data[0]).toMatchObject({ status: 'VALIDATED' });
  });

  it('switches at once while a sale is still on its way, and that sale still goes to its own service', async () => {
    await serviceCall('/sandbox/faults', { latency_ms: 1_500 });
    const charged = await rig.value('sales.charge', { customer, items: ITEMS.slice(0, 1), payment: CASH });
    expect((await rig.value('settings.useDemo', {})).connection.mode).toBe('demo');
    await serviceCall('/sandbox/faults', { clear: true });
    await waitForState(rig, charged.saleId, 'validated');
    const atService = await serviceCall(`/v1/documents?reference_code=${charged.referenceCode}`);
    expect(atService.data).toHaveLength(1);
    const back = await rig.value('settings.saveConnection', { baseUrl: service.baseUrl, clientId: 'fc_tienda', clientSecret: SECRET });
    expect(back.connection.mode).toBe('service');
  });

  let rejectedAtService = 0;
  let rejectedReference = '';
  it('a sale the tax authority rejects needs attention, with the message', async () => {
    await serviceCall('/sandbox/faults', { latency_ms: 400 });
    const charged = await rig.value('sales.charge', { customer, items: ITEMS.slice(0, 1), payment: CASH });
    await serviceCall('/sandbox/faults', { latency_ms: 0, reject_references: [charged.referenceCode] });
    await waitForState(rig, charged.saleId, 'needs_attention');
    expect((await rig.value('sales.get', { id: charged.saleId }))?.lastError).toMatch(/REJECTED/);
    rejectedAtService = charged.saleId;
    rejectedReference = charged.referenceCode;
  });

  it('switches back to demo, where new sales go to the embedded service again', async () => {
    const settings = await rig.value('settings.useDemo', {});
    expect(settings.connection.mode).toBe('demo');
    expect((await rig.value('app.info', {})).demo).toBe(true);
    const charged = await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await waitForState(rig, charged.saleId, 'validated');
    const atService = await serviceCall(`/v1/documents?reference_code=${charged.referenceCode}`);
    expect(atService.data).toHaveLength(0);
    // The sale refused by the shop's service must not become a demo "invoice" (nor a demo sale a real one): a retry
    // sends it to the shop's service again, which still holds its rejected document.
    expect(rejectedAtService).toBeGreaterThan(0);
    const retried = await rig.call('sales.retry', { id: rejectedAtService });
    expect(retried).toMatchObject({ ok: true });
    await waitForState(rig, rejectedAtService, 'needs_attention');
    const atShop = await serviceCall(`/v1/documents?reference_code=${rejectedReference}`);
    expect(atShop.data).toHaveLength(1);
    expect((await rig.value('app.info', {})).demo).toBe(true);
  });

  it('never lets the secret out: not in the data files, the logs, or any bridge result', async () => {
    expect(rig.dataFilesText()).not.toContain(SECRET);
    expect(rig.logs.join('\n')).not.toContain(SECRET);
    expect(serviceLog.join('\n')).not.toContain(SECRET);
    expect(JSON.stringify(rig.results)).not.toContain(SECRET);
    expect(JSON.stringify(rig.events)).not.toContain(SECRET);
    expect(rig.results.length).toBeGreaterThan(10);
  });
});
