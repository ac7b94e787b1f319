/**
 * Issue 27, "a conflict never stops the flow", end to end over HTTP: the real shop server (server/, embedded PGlite,
 * 127.0.0.1), two tills on real SQLite files with their live links. A person made at till A while offline has the
 * name of one made at the server; both tills keep receiving every later change, the clash is shown at the tills and
 * in Tienda's dashboard, and once renamed at till A it is gone everywhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { hashPin } from '../../../common/pin-hash';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import { dashboardSchema, type Dashboard } from '../../../shared/shop/back-office';
import { adminSession, backOffice, seedPeople } from '../server/back-office-rig';
import { startHarness, type Harness } from '../server/harness';
import { id32 } from '../server/samples';
import { pgliteStores } from '../server/stores';
import { PRODUCT, memoryCredentials, until } from './shop-test-rig';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);
const FAST_PIN_COST = { N: 1024, r: 8, p: 1 };

let harness: Harness | null = null;
let dir = '';
const tills: Array<{ store: Store; link: ShopLink }> = [];
afterEach(async () => {
  for (const t of tills) await t.link.stop();
  for (const t of tills) t.store.close();
  tills.length = 0;
  await harness?.close();
  harness = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function pairedTill(h: Harness, name: string): Promise<{ store: Store; link: ShopLink; logs: string[] }> {
  const store = openStore({ path: join(dir, `${name}.sqlite`) });
  const credentials = memoryCredentials();
  const { body } = await h.admin('POST', '/admin/pairing');
  await pairTill({ store, credentials, now: Date.now }, { serverUrl: h.server.url, code: String(body.code), tillName: name });
  const logs: string[] = [];
  const link = createShopLink({
    store, credentials, now: Date.now, log: (line) => logs.push(line), onChange: () => {},
    client: { retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 } }, pollWaitSeconds: 1, idleMs: 100, backoff: { baseMs: 50, maxMs: 200 },
  });
  tills.push({ store, link });
  await link.restart();
  return { store, link, logs };
}

const names = (s: Store) => s.listPeople().map((p) => p.name).sort();

describe('a feed conflict never stops the flow (real server on PGlite, two tills)', () => {
  it('a person made offline at till A with a server person\'s name: both tills keep flowing, the clash is shown, renamed it is gone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mostrador-feed-conflict-'));
    const h = await startHarness(stores.open);
    harness = h;
    const people = await seedPeople(h);
    await h.saveAtServer('product', PRODUCT.code, PRODUCT);
    const a = await pairedTill(h, 'Caja A');
    const b = await pairedTill(h, 'Caja B');
    for (const t of [a, b]) await until('the shop reaches the till', () => t.store.getCatalogProduct(PRODUCT.code) !== null && names(t.store).length === 2);

    // Till A goes offline and a cashier «Ana» is made there; meanwhile the owner makes another «Ana» at the server.
    await a.link.stop();
    const mine = a.store.addPerson({ name: 'Ana', role: 'cashier', pinHash: await hashPin('1111', FAST_PIN_COST) });
    const serverAna = id32();
    await h.saveAtServer('person', serverAna, { name: 'Ana', role: 'cashier', pinHash: await hashPin('2222', FAST_PIN_COST), active: true });
    await until('till B has the server\'s Ana', () => names(b.store).includes('Ana'));

    // Till A comes back: the server's Ana clashes with its own (set aside), its own Ana goes up, and reaches till B,
    // where she clashes with the server's (set aside there too).
    await a.link.restart();
    await until('till A sets the server\'s Ana aside', () => a.store.feedAside(10).some((r) => r.key === serverAna && r.reasonCode === 'name_clash'));
    await until('till A\'s Ana reaches the server', () => a.store.shopCommandsWaiting() === 0);
    await until('till B sets till A\'s Ana aside', () => b.store.feedAsideCount() === 1);
    expect(b.store.feedAside(10)[0]).toMatchObject({ kind: 'person', label: 'Ana', reasonCode: 'name_clash' });
    expect(a.logs.some((l) => l.includes(`1 feed records are set aside at this till (the latest: person ${serverAna}, name_clash)`))).toBe(true);
    // Her PIN at till A is still her own (never merged into the server's Ana).
    expect(a.store.personWithPin(mine.id)?.pinHash).not.toBe(b.store.peopleWithPins().find((p) => p.name === 'Ana')?.pinHash);

    // Every later change still reaches both tills: a new price and a new product.
    await h.saveAtServer('product', PRODUCT.code, { ...PRODUCT, price: 20000 });
    await h.saveAtServer('product', 'PAN-1', { ...PRODUCT, code: 'PAN-1', name: 'Pan', barcodes: [] });
    for (const t of [a, b]) {
      await until('the new price and product reach the till', () => t.store.getCatalogProduct(PRODUCT.code)?.price === '20000' && t.store.getCatalogProduct('PAN-1') !== null);
      expect(t.store.shopState().cursor).toBeGreaterThan(0);
      expect(t.link.line()).toMatchObject({ feedAside: 1, unreachableSince: null, problem: null });
    }

    // Tienda lists each till's record set aside, with what to do.
    const token = await adminSession(h, people.owner);
    const dashboard = async (): Promise<Dashboard> => dashboardSchema.parse((await backOffice(h, token, '/v1/back-office/dashboard?with=feed-aside')).body);
    let dash = await dashboard();
    for (let i = 0; i < 100 && (dash.feedAside?.length ?? 0) < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      dash = await dashboard();
    }
    expect(dash.feedAside?.map((t) => [t.tillName, t.count, t.records.map((r) => [r.label, r.reasonCode])])).toEqual([
      ['Caja A', 1, [['Ana', 'name_clash']]],
      ['Caja B', 1, [['Ana', 'name_clash']]],
    ]);
    expect(dash.feedAside?.[0]?.records[0]?.action).toMatch(/Cambie el nombre de una de las dos/);
    // A till of an older version does not ask for them: its strict schema never meets a field it does not know.
    const older = (await backOffice(h, token, '/v1/back-office/dashboard')).body;
    expect(older.feedAside).toBeUndefined();
    expect(dashboardSchema.omit({ feedAside: true }).strict().safeParse(older).success).toBe(true);

    // Resolved at till A: its Ana is renamed. Till A applies the server's Ana at once; the rename goes up and
    // replaces the version till B set aside. Both lists empty, and Tienda's too.
    a.store.updatePerson(mine.id, { name: 'Ana Caja A', role: 'cashier', active: true });
    a.link.editedHere();
    await until('till A applies the server\'s Ana', () => a.store.feedAsideCount() === 0);
    expect(names(a.store)).toEqual(['Ana', 'Ana Caja A', 'Marta', 'Rosa']);
    await until('till B receives the rename and drops the record', () => b.store.feedAsideCount() === 0 && names(b.store).includes('Ana Caja A'));
    expect(names(b.store)).toEqual(['Ana', 'Ana Caja A', 'Marta', 'Rosa']);
    for (let i = 0; i < 100 && dash.feedAside !== undefined; i++) {
      await new Promise((r) => setTimeout(r, 100));
      dash = await dashboard();
    }
    expect(dash.feedAside).toBeUndefined();
    expect(a.link.line()?.feedAside).toBe(0);
  }, 90_000);
});
