import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILE, composePosApp, type ComposedApp } from '../../../electron/compose';
import { KEYS } from '../../../electron/core/app/settings-mapping';
import { dispatch } from '../../../electron/core/bridge/dispatch';
import { KeychainUnavailableError, type CredentialStore } from '../../../electron/core/secrets/credential-store';
import { createKeytarCredentialStore } from '../../../electron/core/secrets/keytar-store';
import { openStore } from '../../../electron/core/store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import type { BridgeEnvelope, BridgeInput, BridgeMethod, BridgeResult } from '../../../shared/bridge/contract';
import { consumidorFinal } from '../../../shared/customer';
import { FAST_API, FAST_ENGINE } from '../../support/sync-rig';
import { CASH, ITEMS } from './app-rig';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const customer = consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '05001' });

interface App {
  composed: ComposedApp;
  dataDir: string;
  logs: string[];
  call<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeEnvelope<BridgeResult<M>>>;
  value<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeResult<M>>;
  until(what: () => Promise<boolean>): Promise<void>;
}

/** The composed app on a data folder a test prepared (settings rows written straight into SQLite). */
async function startApp(dataDir: string, keychainService: string, credentials?: CredentialStore): Promise<App> {
  const logs: string[] = [];
  const composed = await composePosApp({
    dataDir, shell: 'browser', version: '0.0.0-test', keychainService, demoValidationDelayMs: 100,
    api: FAST_API, engine: FAST_ENGINE, log: (line) => logs.push(line), ...(credentials ? { credentials } : {}),
  });
  const call = async <M extends BridgeMethod>(method: M, input: BridgeInput<M>) =>
    (await dispatch(composed.app.handlers, method, input, { onInternalError: (m, e) => logs.push(`INTERNAL ${m}: ${String(e)}`) })) as BridgeEnvelope<BridgeResult<M>>;
  return {
    composed, dataDir, logs, call,
    async value(method, input) {
      const envelope = await call(method, input);
      if (!envelope.ok) throw new Error(`${method} failed: ${JSON.stringify(envelope.error)}`);
      return envelope.value;
    },
    async until(what) {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        if (await what()) return;
        await pause(50);
      }
      throw new Error('condition not met within 10 s');
    },
  };
}

function seedSettings(dataDir: string, rows: Record<string, string>): void {
  const store = openStore({ path: join(dataDir, DATA_FILE) });
  for (const [key, value] of Object.entries(rows)) store.setSetting(key, value);
  store.close();
}

// Real SQLite files, the real keychain (with-keyring.sh) unless a test names its stand-in, real sandboxes over HTTP.
describe('no configuration can brick the app', () => {
  const SECRET = `shop-secret-${randomBytes(12).toString('hex')}`;
  const keychainService = `MostradorTest-${randomUUID()}`;
  const keychain = createKeytarCredentialStore({ service: keychainService });
  let shop: RunningSandbox;
  let other: RunningSandbox;
  const dirs: string[] = [];
  const apps: App[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-badcfg-'));
    dirs.push(dir);
    return dir;
  };
  const start = async (dir: string, credentials?: CredentialStore) => {
    const app = await startApp(dir, keychainService, credentials);
    apps.push(app);
    return app;
  };
  const shopAccount = () => ({ baseUrl: shop.baseUrl, clientId: 'fc_tienda' });
  const otherAccount = () => ({ baseUrl: other.baseUrl, clientId: 'fc_otra' });

  beforeAll(async () => {
    shop = await startSandbox({ clientId: 'fc_tienda', clientSecret: SECRET, validationDelayMs: 100, faults: true });
    other = await startSandbox({ clientId: 'fc_otra', clientSecret: 'otra-secreta', validationDelayMs: 100 });
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.composed.close();
    await keychain.deleteClientSecret(shopAccount()).catch(() => false);
    await keychain.deleteClientSecret(otherAccount()).catch(() => false);
  });
  afterAll(async () => {
    await shop?.close();
    await other?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('starts with a bad URL row in SQLite, answers app.info and settings.get, and saving a good connection fixes it', async () => {
    const dir = freshDir();
    seedSettings(dir, { [KEYS.mode]: 'service', [KEYS.baseUrl]: 'not a url', [KEYS.clientId]: 'fc_tienda' });
    const app = await start(dir);
    expect(await app.value('app.info', {})).toMatchObject({ demo: false });
    expect((await app.value('settings.get', {})).connection).toMatchObject({ mode: 'service', baseUrl: 'not a url' });
    expect(await app.value('sync.status', {})).toMatchObject({ connection: 'misconfigured', lastErrorCode: 'CONFIG_INVALID' });
    // A sale still goes on disk and waits for this account; the demo does not take it.
    const waiting = await app.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    expect(await app.call('ranges.list', {})).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    expect(await app.call('sync.retryNow', {})).toMatchObject({ ok: true });

    const fixed = await app.value('settings.saveConnection', { ...shopAccount(), clientSecret: SECRET });
    expect(fixed.connection).toMatchObject({ mode: 'service', baseUrl: shop.baseUrl, secretState: 'stored' });
    const sale = await app.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await app.until(async () => (await app.value('sales.get', { id: sale.saleId }))?.state === 'validated');
    expect((await app.value('sync.status', {})).connection).toBe('online');
    // The sale rung up while the address was unusable was never sent: it goes to the fixed service.
    await app.until(async () => (await app.value('sales.get', { id: waiting.saleId }))?.state === 'validated');
    expect(app.logs.filter((l) => l.startsWith('INTERNAL'))).toEqual([]);
  });

  it('treats a damaged mode row as the configured real service, never as the demo', async () => {
    await keychain.setClientSecret(shopAccount(), SECRET);
    const dir = freshDir();
    seedSettings(dir, { [KEYS.mode]: 's3rv1ce', [KEYS.baseUrl]: shop.baseUrl, [KEYS.clientId]: 'fc_tienda' });
    const app = await start(dir);
    expect(await app.value('app.info', {})).toMatchObject({ demo: false });
    const sale = await app.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await app.until(async () => (await app.value('sales.get', { id: sale.saleId }))?.state === 'validated');
  });

  it('starts without the secret in the keychain and says so in the status bar and in Settings', async () => {
    const dir = freshDir();
    seedSettings(dir, { [KEYS.mode]: 'service', [KEYS.baseUrl]: shop.baseUrl, [KEYS.clientId]: 'fc_tienda' });
    const app = await start(dir);
    await app.until(async () => (await app.value('sync.status', {})).lastErrorCode === 'NO_SECRET');
    expect((await app.value('sync.status', {})).connection).toBe('misconfigured');
    expect((await app.value('settings.get', {})).connection).toMatchObject({ hasSecret: false, secretState: 'missing' });
    await app.value('settings.saveConnection', { ...shopAccount(), clientSecret: SECRET });
    // The new secret is tried at once (not after the 60 s that refused credentials wait), and the error clears.
    await app.until(async () => (await app.value('sync.status', {})).lastErrorCode === null);
    expect((await app.value('sync.status', {})).connection).toBe('online');
  });

  it('starts with a locked keychain (stand-in CredentialStore that fails like a locked one) and tells it apart from "no secret"', async () => {
    const locked: CredentialStore = {
      getClientSecret: async () => { throw new KeychainUnavailableError(new Error('org.freedesktop.Secret.Error.IsLocked: Cannot get secret of a locked object')); },
      setClientSecret: async () => { throw new KeychainUnavailableError(new Error('Cannot create an item in a locked collection')); },
      deleteClientSecret: async () => false,
    };
    const dir = freshDir();
    seedSettings(dir, { [KEYS.mode]: 'service', [KEYS.baseUrl]: shop.baseUrl, [KEYS.clientId]: 'fc_tienda' });
    const app = await start(dir, locked);
    await app.until(async () => (await app.value('sync.status', {})).lastErrorCode === 'KEYCHAIN_LOCKED');
    const settings = await app.value('settings.get', {});
    expect(settings.connection).toMatchObject({ hasSecret: false, secretState: 'unreadable', keychainProblem: expect.stringMatching(/locked/) });
    const refused = await app.call('settings.saveConnection', { ...shopAccount(), clientSecret: SECRET });
    expect(refused).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE', message: expect.stringMatching(/locked/) } });
  });

  it('refuses http:// to another machine with the field, before asking anything', async () => {
    const app = await start(freshDir());
    const refused = await app.call('settings.saveConnection', { baseUrl: 'http://192.0.2.10:4010', clientId: 'fc_tienda', clientSecret: SECRET });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { baseUrl: expect.stringContaining('https://') } } });
    expect(await app.value('app.info', {})).toMatchObject({ demo: true });
  });

  it('refuses credentials the service refuses and changes nothing (settings, keychain, connection)', async () => {
    const app = await start(freshDir());
    const refused = await app.call('settings.saveConnection', { ...shopAccount(), clientSecret: 'wrong-secret' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', message: expect.stringContaining('refused these credentials') } });
    expect((await app.value('settings.get', {})).connection).toMatchObject({ mode: 'demo', baseUrl: '' });
    expect(await keychain.getClientSecret(shopAccount())).toBeNull();
    const sale = await app.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await app.until(async () => (await app.value('sales.get', { id: sale.saleId }))?.state === 'validated');
  });

  it('says when the service cannot be reached, changes nothing, and saves anyway only when asked', async () => {
    const gone = await startSandbox({ clientId: 'fc_tienda' });
    const baseUrl = gone.baseUrl;
    await gone.close();
    const app = await start(freshDir());
    const unreachable = await app.call('settings.saveConnection', { baseUrl, clientId: 'fc_tienda', clientSecret: SECRET });
    expect(unreachable).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE', message: expect.stringContaining('could not be reached') } });
    expect((await app.value('app.info', {})).demo).toBe(true);
    const saved = await app.value('settings.saveConnection', { baseUrl, clientId: 'fc_tienda', clientSecret: SECRET, saveUnverified: true });
    expect(saved.connection).toMatchObject({ mode: 'service', baseUrl, secretState: 'stored' });
    // Saved without an answer: the status bar says the till waits for it, not "online".
    expect(await app.value('sync.status', {})).toMatchObject({ connection: 'offline', lastErrorCode: 'WAITING_FOR_SERVICE' });
    const sale = await app.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    // Then the engine's own words, once its attempt at the sale failed.
    await app.until(async () => {
      const status = await app.value('sync.status', {});
      return status.connection === 'offline' && status.lastErrorCode !== 'WAITING_FOR_SERVICE';
    });
    // Kept for later, never given up on (it may be between two attempts or inside one).
    expect(['waiting', 'sending']).toContain((await app.value('sales.get', { id: sale.saleId }))?.state);
    await keychain.deleteClientSecret({ baseUrl, clientId: 'fc_tienda' });
  });

  it('re-saving the same connection keeps the running client (and its rate budget) instead of building a new one', async () => {
    const app = await start(freshDir());
    await app.value('settings.saveConnection', { ...shopAccount(), clientSecret: SECRET });
    await app.value('settings.saveConnection', { ...shopAccount(), clientSecret: SECRET });
    expect(app.logs.filter((l) => l.startsWith('connected to the invoicing service at'))).toHaveLength(1);
    const sale = await app.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await app.until(async () => (await app.value('sales.get', { id: sale.saleId }))?.state === 'validated');
  });

  it('saving another connection removes the old secret from the keychain once none of its sales is on its way', async () => {
    const app = await start(freshDir());
    await app.value('settings.saveConnection', { ...shopAccount(), clientSecret: SECRET });
    await fetch(`${shop.baseUrl}/sandbox/faults`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await shopToken()}` },
      body: JSON.stringify({ latency_ms: 1_500 }), signal: AbortSignal.timeout(5_000),
    });
    const sale = await app.value('sales.charge', { customer, items: ITEMS.slice(0, 1), payment: CASH });
    await app.value('settings.saveConnection', { ...otherAccount(), clientSecret: 'otra-secreta' });
    // Its sale still needs it to be sent and polled.
    expect(await keychain.getClientSecret(shopAccount())).toBe(SECRET);
    await fetch(`${shop.baseUrl}/sandbox/faults`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await shopToken()}` },
      body: JSON.stringify({ clear: true }), signal: AbortSignal.timeout(5_000),
    });
    await app.until(async () => (await app.value('sales.get', { id: sale.saleId }))?.state === 'validated');
    await app.until(async () => (await keychain.getClientSecret(shopAccount())) === null);
    expect(await keychain.getClientSecret(otherAccount())).toBe('otra-secreta');

    // With nothing on its way, the old secret goes at once.
    await app.value('settings.saveConnection', { ...shopAccount(), clientSecret: SECRET });
    expect(await keychain.getClientSecret(otherAccount())).toBeNull();
  });

  it('after a restart, sales still on their way to a service no longer in use are sent and polled by it', async () => {
    const dir = freshDir();
    const first = await start(dir);
    await first.value('settings.saveConnection', { ...shopAccount(), clientSecret: SECRET });
    await shopFaults({ latency_ms: 1_000 }); // still on its way when the till closes
    const sale = await first.value('sales.charge', { customer, items: ITEMS.slice(0, 1), payment: CASH });
    await first.value('settings.useDemo', {});
    await first.composed.close();
    apps.splice(apps.indexOf(first), 1);
    expect((await openSaleState(dir, sale.saleId))).not.toBe('validated');
    await shopFaults({ clear: true });

    const again = await start(dir);
    expect((await again.value('app.info', {})).demo).toBe(true);
    await again.until(async () => (await again.value('sales.get', { id: sale.saleId }))?.state === 'validated');
    const detail = await again.value('sales.get', { id: sale.saleId });
    const res = await fetch(`${shop.baseUrl}/v1/documents?reference_code=${detail!.referenceCode}`, {
      headers: { authorization: `Bearer ${await shopToken()}` }, signal: AbortSignal.timeout(5_000),
    });
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  async function shopFaults(body: unknown): Promise<void> {
    await fetch(`${shop.baseUrl}/sandbox/faults`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await shopToken()}` },
      body: JSON.stringify(body), signal: AbortSignal.timeout(5_000),
    });
  }

  async function openSaleState(dir: string, saleId: number): Promise<string | undefined> {
    const store = openStore({ path: join(dir, DATA_FILE) });
    try {
      return store.getSale(saleId)?.outbox.state;
    } finally {
      store.close();
    }
  }

  async function shopToken(): Promise<string> {
    const res = await fetch(`${shop.baseUrl}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(5_000),
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'fc_tienda', client_secret: SECRET }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }
});
