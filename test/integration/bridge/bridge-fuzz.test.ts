/**
 * The core never trusts its caller: arbitrary JSON, and near-valid inputs with one part made hostile, thrown at
 * every bridge method through the real dispatch and handlers of a composed app (real SQLite file, embedded demo
 * sandbox over HTTP on 127.0.0.1) and through the real browser-mode host. The keychain is a stand-in (an in-memory
 * credential store): this test is about inputs, and the real keychain has its own tests.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../common/web-host/host';
import { composePosApp, DATA_FILE, type ComposedApp } from '../../../electron/compose';
import { dispatch } from '../../../electron/core/bridge/dispatch';
import type { CredentialStore } from '../../../electron/core/secrets/credential-store';
import { BRIDGE_METHODS, parseBridgeInput, type BridgeEnvelope, type BridgeMethod } from '../../../shared/bridge/contract';
import { consumidorFinal } from '../../../shared/customer';
import { FAST_API, FAST_ENGINE } from '../../support/sync-rig';

function inMemoryCredentials(): CredentialStore {
  const secrets = new Map<string, string>();
  const key = (a: { baseUrl: string; clientId: string }) => `${a.clientId}@${a.baseUrl}`;
  return {
    async getClientSecret(a) { return secrets.get(key(a)) ?? null; },
    async setClientSecret(a, secret) { secrets.set(key(a), secret); },
    async deleteClientSecret(a) { return secrets.delete(key(a)); },
  };
}

const line = { code: 'CAF-500', name: 'Café molido 500 g', quantity: 2, unit_measure: '94', price: 18900, discount_rate: 10, taxes: [{ code: '01', rate: 19 }] };
const nitBuyer = {
  identification_type: '31', identification: '900373115', dv: '3', person_type: '1', name: 'Cliente S.A.S.', tax_regime: '48',
  email: 'compras@cliente.example.co', municipality_code: '05001',
};
const seller = {
  name: 'Tienda La Esquina SAS', nit: '900373115', dv: '3', address: 'Cra 7 # 12-34', phone: '6015551234',
  email: 'ventas@laesquina.co', municipalityCode: '11001', resolutionText: 'Resolución DIAN 18760000001',
};

/** A valid input per method to mutate; a method without one (added later) is fuzzed from `{}`. */
const VALID: Partial<Record<BridgeMethod, unknown>> = {
  'catalog.search': { text: 'café', limit: 5 },
  'catalog.byBarcode': { barcode: '7702001001033' },
  'catalog.list': { text: 'café', includeInactive: true, limit: 20, offset: 0 },
  'catalog.get': { code: 'CAF-500' },
  'catalog.save': {
    mode: 'create',
    product: { code: 'FZ-1', name: 'Fuzz', barcodes: ['7709990000001'], unitMeasure: '94', priceEntry: 'shelf', price: 5000,
      tax: { code: '01', rate: 19 }, discountRate: 0, category: 'Pruebas', active: true, acceptDifference: false,
      quickKey: true, quickKeyOrder: 3 },
  },
  'catalog.setActive': { code: 'CAF-500', active: true },
  'catalog.quickKeys': {},
  'jobs.cancel': { jobId: 'fuzz-job-1' },
  'catalog.importPreview': { file: Buffer.from('codigo;nombre;precio_con_iva;tarifa\nFZ-2;Fuzz dos;11900;19').toString('base64') },
  'catalog.importCommit': { file: Buffer.from('codigo;nombre;precio_con_iva;tarifa\nFZ-2;Fuzz dos;11900;19').toString('base64') },
  'customers.search': { text: 'Cliente', limit: 5 },
  'customers.save': { customer: nitBuyer },
  'sales.charge': {
    customer: consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '11001' }),
    items: [line, { ...line, code: 'ALM', name: 'Almuerzo', quantity: 0.375, taxes: [{ code: '04', rate: 8 }] }],
    payment: { form_code: '1', means_code: '10' },
  },
  'sales.search': { text: 'R', state: 'waiting', from: 0, to: 4_102_444_800_000, limit: 10, offset: 0, cashierId: 1, paymentMeans: '10' },
  'sales.get': { id: 1 },
  'sales.retry': { id: 1 },
  'receipt.get': { saleId: 1, paperWidth: 58 },
  'receipt.print': { saleId: 1 },
  'receipt.pdf': { saleId: 1 },
  'receipt.reprint': { saleId: 1, paperWidth: 80 },
  'settings.save': {
    seller, locale: 'es-CO', paperWidth: 80, printerName: null, silentPrint: false, preferredRangeId: null,
    defaultEmail: 'caja@tienda.example.co', defaultMunicipalityCode: '11001',
  },
  'settings.saveConnection': { baseUrl: 'https://api.example.com', clientId: 'fc_live', clientSecret: 's3cr3t' },
  'customers.list': { text: 'Cliente', limit: 10, offset: 0 },
  'customers.update': { id: 1, customer: nitBuyer },
  'customers.importPreview': { file: Buffer.from('tipo_identificacion;identificacion;dv;nombre;correo;municipio\n31;900373115;3;Cliente S.A.S.;a@b.co;05001\n').toString('base64') },
  'customers.import': { file: Buffer.from('tipo_identificacion;identificacion;dv;nombre;correo;municipio\n31;900373115;3;Cliente S.A.S.;a@b.co;05001\n').toString('base64') },
  'openSale.park': { draft: { lines: [{ id: 'line-1', code: 'CAF-500', name: 'Café', unitMeasure: '94', quantity: '1', price: '18900', discountRate: '0', tax: null }], customer: null, payment: { form_code: '1', means_code: '10' } } },
  'openSale.recall': { number: 1, draft: { lines: [], customer: nitBuyer, payment: { form_code: '1', means_code: '10' } } },
  // people.save has none on purpose: a person set up here would lock the calls after it behind "who is selling".
  'people.signIn': { personId: 1, pin: '2468' },
  'people.overrides': { limit: 10, offset: 0, ownerOverride: { pin: '2468' } },
  'people.approveLine': { slot: 'counter', code: 'CAF-500', ownerOverride: { pin: '2468' } },
  'shifts.open': { openingCash: 150_000 },
  'shifts.report': { shiftId: 1 },
  'shifts.close': { shiftId: 1, count: { bills: { '100000': 1, '1000': 2 }, coins: { '50': 3 } }, confirmUnsent: true },
  'shifts.list': { limit: 10, offset: 0 },
  'shifts.print': { shiftId: 1, paperWidth: 58 },
  'shifts.pdf': { shiftId: 1, paperWidth: 80 },
  'shifts.unsentAlert': { minutes: 45 },
  'corrections.get': { saleId: 1 },
  'corrections.correct': { saleId: 1, customer: { identification_type: '31', identification: '800197268', dv: '4', person_type: '1', name: 'DIAN', tax_regime: '48', email: 'dian@example.co', municipality_code: '11001' }, reason: 'NIT' },
  'corrections.void': { saleId: 1, reason: 'prueba' },
  'printer.save': {
    settings: { connection: { kind: 'network', host: '127.0.0.1', port: 9 }, codePage: 'cp858', qr: 'native', statusCheck: true,
      printOnValidation: true, printAtCharge: true, drawerOnCash: true },
  },
  'printer.printSale': { saleId: 1 },
  'printer.printShift': { shiftId: 1 },
};
// A cash sale with the cash it was paid with: the cash rule is fuzzed with the rest of the charge.
(VALID['sales.charge'] as Record<string, unknown>).cash = { received: 100_000 };

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Values that have broken parsers before: huge, tiny, signed zero, numbers as text, wrong shapes, deep nesting. */
const hostile = fc.constantFrom<unknown>(
  'x'.repeat(300_000), '€'.repeat(70_000), '', ' ', 'a\u0000b', '\ud800', 1e300, -1e300, 1e15, 1_000_000_000_000_000, 5e-324, -0, -1,
  0, 0.1 + 0.2, 'NaN', 'Infinity', '-0', '1e15', null, true, {}, [], [[[]]], { __proto__: { polluted: true } }, nested(2_000),
  Number.MAX_SAFE_INTEGER + 2, 2 ** 63, '__proto__', 'toString', 'zz', '01',
);

type Path = Array<string | number>;

/**
 * The paths in a JSON value (objects and arrays included), so any part can be replaced: the first MAX_PATHS of them,
 * depth first. Unbounded, one input ran a worker out of memory: the 2 000-deep nesting put in by one mutation,
 * copied a thousand times by the next, gave the third two billion path steps to list.
 */
const MAX_PATHS = 2_000;
function pathsOf(value: unknown): Path[] {
  const found: Path[] = [];
  const visit = (v: unknown, path: Path): void => {
    if (found.length >= MAX_PATHS) return;
    found.push(path);
    const entries: Array<[string | number, unknown]> = Array.isArray(v) ? v.map((x, i) => [i, x])
      : v !== null && typeof v === 'object' ? Object.entries(v) : [];
    for (const [k, child] of entries) {
      if (found.length >= MAX_PATHS) return;
      visit(child, [...path, k]);
    }
  };
  visit(value, []);
  return found;
}

function withAt(value: unknown, path: Path, replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = withAt(copy[head], rest, replace);
  return copy;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), value);
}

type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'number'; pick: number; value: number }
  | { kind: 'text'; pick: number; value: string }
  | { kind: 'extraKey'; pick: number; key: string; value: unknown }
  | { kind: 'drop'; pick: number }
  | { kind: 'repeat'; pick: number; times: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: fc.oneof(hostile, fc.jsonValue({ maxDepth: 2 })) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('extraKey' as const), pick: fc.nat(), key: fc.constantFrom('total', 'tip', '__proto__', 'constructor', ''), value: hostile }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }) },
  // An array element copied many times: duplicated taxes, a thousand lines.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('repeat' as const), pick: fc.nat(), times: fc.constantFrom(2, 6, 250, 1_000) }) },
  // A number or a text of the input replaced by one on an edge (what a mis-scan or an attacker sends).
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('number' as const), pick: fc.nat(), value: fc.oneof(
    fc.constantFrom(1e15, 1e16, 1e300, 5e-324, -0, -1, 0, 1e-7, 2 ** 53, 100_001, 27_702_001_001_033, 0.1 + 0.2, 10_000_000_000.01),
    fc.double(),
  ) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('text' as const), pick: fc.nat(), value: fc.constantFrom('x'.repeat(300_000), '9'.repeat(500), '', ' ', 'a\u0000b', '\ud800', 'zz', '1e15') }) },
);

function mutate(valid: unknown, mutations: Mutation[]): unknown {
  let value = valid;
  for (const m of mutations) {
    const paths = pathsOf(value);
    const path = paths[m.pick % paths.length] ?? [];
    if (m.kind === 'number' || m.kind === 'text') {
      const leaves = paths.filter((p) => typeof valueAt(value, p) === (m.kind === 'number' ? 'number' : 'string'));
      const leaf = leaves[m.pick % Math.max(1, leaves.length)];
      if (leaf) value = withAt(value, leaf, () => m.value);
    } else if (m.kind === 'replace') value = withAt(value, path, () => m.value);
    else if (m.kind === 'extraKey') value = withAt(value, path, (old) => (old !== null && typeof old === 'object' && !Array.isArray(old) ? { ...old, [m.key]: m.value } : old));
    else if (m.kind === 'drop' && path.length > 0) {
      const parent = path.slice(0, -1);
      const last = path[path.length - 1] as string | number;
      value = withAt(value, parent, (old) => {
        if (Array.isArray(old)) return old.filter((_, i) => i !== last);
        const { [last]: _dropped, ...rest } = old as Record<string | number, unknown>;
        return rest;
      });
    } else if (m.kind === 'repeat') {
      value = withAt(value, path, (old) => (Array.isArray(old) && old.length > 0 ? Array.from({ length: m.times }, () => old[0]) : old));
    }
  }
  return value;
}

const inputArb = (method: BridgeMethod): fc.Arbitrary<{ input: unknown; overHttp: boolean }> => fc.record({
  input: fc.oneof(
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
    { weight: 3, arbitrary: fc.array(mutationArb, { minLength: 1, maxLength: 3 }).map((ms) => mutate(VALID[method] ?? {}, ms)) },
  ),
  overHttp: fc.boolean(),
});

describe('every bridge method, whatever it is sent', () => {
  let dataDir: string;
  let composed: ComposedApp;
  let host: BrowserHost;
  let db: Database.Database;
  const key = randomBytes(24).toString('base64url');
  let internal: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mostrador-fuzz-'));
    composed = await composePosApp({
      dataDir, shell: 'browser', version: '0.0.0-test', credentials: inMemoryCredentials(), demoValidationDelayMs: 100,
      api: FAST_API, engine: FAST_ENGINE,
      // A stand-in printer that is always off: a hostile host name saved by the fuzz must reach no network.
      printing: { send: async () => { throw new Error('the fuzz printer is off'); } },
    });
    host = await startBrowserHost({
      call: (m, i) => dispatch(composed.app.handlers, m, i, { onInternalError: (name, e) => internal.push(`${name}: ${String(e)}`) }),
      subscribe: (l) => composed.app.subscribe(l),
      staticDir: join(dataDir, 'no-renderer'),
      key,
      port: 0,
    });
    db = new Database(join(dataDir, DATA_FILE), { readonly: true });
  });
  afterAll(async () => {
    db?.close();
    await host?.close();
    await composed?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What a refusal must leave untouched. The engine's own notes (the range in use) may change meanwhile. */
  const written = () => ({
    sales: db.prepare('SELECT count(*) AS n FROM sales').get(),
    outbox: db.prepare('SELECT count(*) AS n FROM outbox').get(),
    customers: db.prepare('SELECT group_concat(identification || dv || name || email, \';\') AS all_rows FROM customers').get(),
    openSales: db.prepare('SELECT group_concat(slot || draft, \';\') AS all_rows FROM open_sales').get(),
    products: db.prepare('SELECT group_concat(code || name || price || active || coalesce(shelf_price, \'\') || coalesce(category, \'\') || quick_key || coalesce(quick_key_order, \'\'), \';\') AS all_rows FROM (SELECT * FROM products ORDER BY code)').get(),
    barcodes: db.prepare('SELECT group_concat(barcode || code, \';\') AS all_rows FROM (SELECT * FROM product_barcodes ORDER BY barcode)').get(),
    settings: db.prepare('SELECT group_concat(key || \'=\' || value, \';\') AS all_rows FROM (SELECT * FROM settings WHERE key NOT LIKE \'%range%\' ORDER BY key)').get(),
    shifts: db.prepare('SELECT group_concat(id || opening_cash || coalesce(closed_at, \'\') || coalesce(counted_cash, \'\'), \';\') AS all_rows FROM shifts').get(),
  });

  async function callOverHttp(method: string, input: unknown): Promise<BridgeEnvelope<unknown>> {
    const body = JSON.stringify(input) ?? '';
    const response = await fetch(`http://127.0.0.1:${host.port}/bridge/${encodeURIComponent(method)}`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-mostrador-key': key }, body, signal: AbortSignal.timeout(10_000),
    });
    expect(response.status, `${method} over HTTP`).toBeLessThan(500);
    return (await response.json()) as BridgeEnvelope<unknown>;
  }

  // The methods with rich inputs get most of the runs; a few hundred in all, sized for two shared cores.
  const RICH: readonly string[] = ['sales.charge', 'customers.save', 'settings.save', 'customers.importPreview', 'openSale.park', 'catalog.save', 'shifts.close'];

  it.each([...BRIDGE_METHODS])('%s: never INTERNAL, nothing written on a refusal', async (method) => {
    internal = [];
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(inputArb(method), async ({ input, overHttp }) => {
        // A valid connection would go looking for a service on the network: only its refusals are tried here.
        if ((method === 'settings.saveConnection') && parseBridgeInput(method, input).ok) return;
        const before = written();
        const answer = overHttp && JSON.stringify(input) !== undefined
          ? await callOverHttp(method, input)
          : await dispatch(composed.app.handlers, method, input, { onInternalError: (name, e) => internal.push(`${name}: ${String(e)}`) });
        if (!answer.ok) {
          refused += 1;
          expect(answer.error.code, `${method} answered ${JSON.stringify(answer.error).slice(0, 300)}`).not.toBe('INTERNAL');
          expect(written()).toEqual(before);
        }
      }),
      { numRuns: RICH.includes(method) ? 150 : 25, endOnFailure: true },
    );
    expect(internal).toEqual([]);
    expect(refused).toBeGreaterThan(0);
  }, 60_000);

  it('still answers afterwards, in process and over HTTP, and a good sale is still charged', async () => {
    expect(await callOverHttp('app.info', {})).toMatchObject({ ok: true, value: { shell: 'browser' } });
    // The fuzz may have opened and closed shifts (or made people): a till that has sold in shifts sells in one
    // (issue 26), so the good sale gets one; with people, the shift is opened as the till's owner would.
    if (!(await callOverHttp('shifts.current', {}) as { value?: unknown }).value) {
      const opened = await callOverHttp('shifts.open', { openingCash: 0 });
      if (!opened.ok) expect(opened).toMatchObject({ ok: false, error: { reason: expect.stringMatching(/SIGN|PERSON|NOBODY/) } });
    }
    const charged = await callOverHttp('sales.charge', VALID['sales.charge']);
    expect(charged).toMatchObject({ ok: true, value: { totals: { payable: expect.any(String) } } });
    const status = await dispatch(composed.app.handlers, 'sync.status', {});
    expect(status.ok).toBe(true);
  });
});
