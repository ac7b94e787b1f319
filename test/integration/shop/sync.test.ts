/** The till's sync with a stand-in shop server: the feed applied atomically, offline edits as commands, sales by revision. */
import { afterEach, describe, expect, it } from 'vitest';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import { ShopError } from '../../../electron/core/shop/shop-error';
import { sampleSale } from '../../support/sample-sale';
import { PRODUCT, pairedTill, until, type ShopRig } from './shop-test-rig';

let rig: ShopRig;
let links: ShopLink[] = [];
afterEach(async () => {
  for (const link of links) await link.stop();
  links = [];
  await rig?.close();
});

const PERSON = { name: 'Ana Gómez', role: 'cashier', pinHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA', active: true };
const hex = (n: number) => n.toString(16).padStart(32, '0');
const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';

async function pull(): Promise<void> {
  for (;;) {
    const page = await rig.client.changes(rig.store.shopState().cursor, 0);
    rig.store.applyShopChanges(page);
    if (!page.more) return;
  }
}

function link(opts: { retryAttempts?: number; backoffMs?: number } = {}): ShopLink {
  const created = createShopLink({
    store: rig.store, credentials: rig.credentials, now: Date.now, log: () => {}, onChange: () => {},
    client: { retry: { attempts: opts.retryAttempts ?? 1, baseDelayMs: 10, maxDelayMs: 10 } },
    pollWaitSeconds: 1, idleMs: 50, backoff: { baseMs: opts.backoffMs ?? 20, maxMs: opts.backoffMs ?? 20 },
  });
  links.push(created);
  return created;
}

describe('the change feed from a stand-in shop server', () => {
  it('applies a page in one transaction with its cursor; a record it cannot apply is set aside and the rest applies (issue 27)', async () => {
    rig = await pairedTill();
    rig.server.put('product', PRODUCT.code, PRODUCT);
    rig.server.put('person', hex(1), { key: hex(1), ...PERSON });
    await pull();
    const product = rig.store.getCatalogProduct(PRODUCT.code);
    expect(product).toMatchObject({ price: '15882.35', barcodes: ['7701234567890'], taxRate: '19', active: true });
    expect(rig.store.findProductByBarcode('7701234567890')?.code).toBe(PRODUCT.code);
    expect(rig.store.listPeople().map((p) => p.name)).toEqual(['Ana Gómez']);
    const cursor = rig.store.shopState().cursor;
    expect(cursor).toBe(rig.server.feed.at(-1)?.seq);

    // A new price, then a person the till cannot take (another person already has that name here), then a new product.
    rig.server.put('product', PRODUCT.code, { ...PRODUCT, price: 16806.72 });
    rig.server.put('person', hex(2), { key: hex(2), ...PERSON, name: 'ana gómez' });
    rig.server.put('product', 'PAN-1', { ...PRODUCT, code: 'PAN-1', name: 'Pan', barcodes: [] });
    const page = await rig.client.changes(cursor, 0);
    expect(page.changes).toHaveLength(3);
    expect(rig.store.applyShopChanges(page)).toBe('applied');
    expect(rig.store.getCatalogProduct(PRODUCT.code)?.price).toBe('16806.72');
    expect(rig.store.getCatalogProduct('PAN-1')?.name).toBe('Pan');
    expect(rig.store.shopState().cursor).toBe(rig.server.feed.at(-1)?.seq);
    expect(rig.store.feedAside(10)).toEqual([expect.objectContaining({ kind: 'person', key: hex(2), reasonCode: 'name_clash' })]);
    // Nothing of the server's own changes became an edit of this till.
    expect(rig.store.shopCommandsWaiting()).toBe(0);
  });

  it('a record this till cannot read comes apart from the page over HTTP: set aside, and the live link keeps flowing (issue 27)', async () => {
    rig = await pairedTill();
    const logs: string[] = [];
    const running = createShopLink({
      store: rig.store, credentials: rig.credentials, now: Date.now, log: (line) => logs.push(line), onChange: () => {},
      client: { retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 } }, pollWaitSeconds: 1, idleMs: 50, backoff: { baseMs: 20, maxMs: 20 },
    });
    links.push(running);
    await running.restart();
    // A newer server's field on one product, between two good ones: the page's envelope is fine, that record is not.
    rig.server.put('product', PRODUCT.code, PRODUCT);
    rig.server.put('product', 'TE-1', { ...PRODUCT, code: 'TE-1', name: 'Té', barcodes: [], origin: 'Huila' });
    rig.server.put('product', 'PAN-1', { ...PRODUCT, code: 'PAN-1', name: 'Pan', barcodes: [] });
    await until('the good products arrive', () => rig.store.getCatalogProduct('PAN-1') !== null);
    expect(rig.store.getCatalogProduct(PRODUCT.code)?.name).toBe(PRODUCT.name);
    expect(rig.store.getCatalogProduct('TE-1')).toBeNull();
    expect(rig.store.feedAside(10)).toEqual([expect.objectContaining({ kind: 'product', key: 'TE-1', label: 'Té', reasonCode: 'malformed' })]);
    expect(running.line()).toMatchObject({ feedAside: 1, problem: null, unreachableSince: null });
    expect(logs.some((l) => /1 feed records this till cannot read are set aside \(product TE-1: data: /.test(l))).toBe(true);
    // Later changes still flow; the server fixes the record and its next version replaces the one set aside.
    rig.server.put('product', PRODUCT.code, { ...PRODUCT, price: 20000 });
    rig.server.put('product', 'TE-1', { ...PRODUCT, code: 'TE-1', name: 'Té verde', barcodes: [] });
    await until('the fixed record arrives', () => rig.store.getCatalogProduct('TE-1')?.name === 'Té verde');
    expect(rig.store.getCatalogProduct(PRODUCT.code)?.price).toBe('20000');
    expect(rig.store.feedAsideCount()).toBe(0);
    // The stand-in server has no route for the list (like a server older than the till): said once, never a failure.
    await until('the till finds the server has no route for the list', () => logs.some((l) => /does not take the list of feed records set aside/.test(l)));
    expect(running.line()?.problem).toBeNull();
  });

  it('hears of a change at once through the long-poll and sells from what it has when the server is away', async () => {
    rig = await pairedTill();
    const running = link();
    await running.restart();
    rig.server.put('product', PRODUCT.code, PRODUCT);
    await until('the product reaches the till', () => rig.store.getCatalogProduct(PRODUCT.code) !== null);
    rig.server.away = true;
    await until('the till sees the server away', () => running.line()?.unreachableSince !== null && running.line()?.problem === 'HTTP_503');
    expect(rig.store.findProductByBarcode('7701234567890')?.price).toBe('15882.35');
    rig.store.recordSale(sampleSale(1, RANGE));
    expect(running.line()?.salesWaiting).toBeGreaterThanOrEqual(1);
    rig.server.away = false;
    running.kick();
    await until('the sales reach the server', () => running.line()?.salesWaiting === 0 && running.line()?.unreachableSince === null);
  });
});

describe('edits made at the till, as commands to a stand-in shop server', () => {
  it('applies an edit made on the current version and lists one made on an older copy as not applied', async () => {
    rig = await pairedTill();
    rig.server.put('product', PRODUCT.code, PRODUCT);
    rig.server.put('product', 'PAN-1', { ...PRODUCT, code: 'PAN-1', name: 'Pan', barcodes: [] });
    await pull();

    // The server changes the café's price while the till, offline, changes it too; the till also edits the bread.
    rig.server.put('product', PRODUCT.code, { ...PRODUCT, price: 20000 });
    const cafe = rig.store.getCatalogProduct(PRODUCT.code)!;
    const bread = rig.store.getCatalogProduct('PAN-1')!;
    rig.store.saveCatalogProducts([{ ...cafe, price: '17000' }]);
    rig.store.saveCatalogProducts([{ ...bread, price: '900' }]);
    expect(rig.store.shopCommandsWaiting()).toBe(2);

    const commands = rig.store.takeShopCommands(200);
    expect(commands.map((c) => [c.kind, c.baseVersion])).toEqual([['product.save', 1], ['product.save', 1]]);
    // Sent again (say the answer was lost), the same commands are sent: same ids, same data.
    expect(rig.store.takeShopCommands(200)).toEqual(commands);
    const answer = await rig.client.commands({ commands });
    rig.store.recordShopDecisions(answer.results);

    expect(rig.store.shopCommandsWaiting()).toBe(0);
    expect(rig.server.current('product', 'PAN-1')?.data.price).toBe(900);
    expect(rig.server.current('product', PRODUCT.code)?.data.price).toBe(20000);
    const refused = rig.store.notAppliedEdits(10);
    expect(refused).toEqual([expect.objectContaining({ kind: 'product.save', label: 'CAFE-500 · Café molido 500 g', outcome: 'conflict' })]);
    expect(refused[0]!.at).toBeGreaterThan(0);

    // The server's version reaches the till by the feed; the bread's applied edit comes back as its new version.
    await pull();
    expect(rig.store.getCatalogProduct(PRODUCT.code)?.price).toBe('20000');
    expect(rig.store.getCatalogProduct('PAN-1')?.price).toBe('900');
    expect(rig.store.shopCommandsWaiting()).toBe(0);

    // A later edit builds on the version the till now has and applies.
    rig.store.saveCatalogProducts([{ ...rig.store.getCatalogProduct(PRODUCT.code)!, price: '21000' }]);
    const next = rig.store.takeShopCommands(200);
    expect(next[0]?.baseVersion).toBe(rig.server.current('product', PRODUCT.code)?.version);
    rig.store.recordShopDecisions((await rig.client.commands({ commands: next })).results);
    expect(rig.server.current('product', PRODUCT.code)?.data.price).toBe(21000);
  });

  it('sends a person made at the till with its own key and its PIN hash, never its PIN', async () => {
    rig = await pairedTill();
    rig.store.addPerson({ name: 'Luis', role: 'owner', pinHash: 'scrypt$16384$8$1$c2FsdA$bHVpcw' });
    const [command] = rig.store.takeShopCommands(200);
    expect(command).toMatchObject({ kind: 'person.save', baseVersion: null, data: { name: 'Luis', role: 'owner', pinHash: 'scrypt$16384$8$1$c2FsdA$bHVpcw', active: true } });
    rig.store.recordShopDecisions((await rig.client.commands({ commands: [command!] })).results);
    const key = (command!.data as { key: string }).key;
    expect(rig.server.current('person', key)?.version).toBe(1);
    await pull();
    expect(rig.store.listPeople()).toHaveLength(1);
  });
});

describe('sales pushed to a stand-in shop server by revision', () => {
  it('a crash mid-push resends the same revisions and the server keeps one row per sale', async () => {
    rig = await pairedTill();
    const sales = [1, 2, 3].map((i) => rig.store.recordSale(sampleSale(i, RANGE)));
    expect(rig.store.salesWaitingForShop()).toBe(3);

    // The server stores the batch, then the connection drops before its answer; the till "crashes" right there.
    rig.server.cutAfterStoringNextSales();
    const first = link({ backoffMs: 60_000 });
    await first.restart();
    await until('the batch reaches the server', () => rig.server.salesLog.length === 3);
    await until('the till sees the cut', () => first.line()?.problem === 'NETWORK');
    await first.stop();
    const store = rig.reopen();
    expect(store.salesWaitingForShop()).toBe(3);

    const second = link();
    await second.restart();
    await until('everything is acknowledged', () => store.salesWaitingForShop() === 0);
    expect(rig.server.sales.size).toBe(3);
    expect(rig.server.salesLog).toHaveLength(3);
    // The resend carried exactly the revisions of the cut push.
    expect(rig.server.salesReceived).toEqual([...rig.server.salesLog, ...rig.server.salesLog]);
    expect([...rig.server.sales.values()].map((s) => [s.referenceCode, s.revision, s.saleNumber])).toEqual(
      sales.map((s) => [s.referenceCode, expect.any(Number), s.shortNumber]),
    );

    // What the contract carries changes (a reprint): a higher revision goes, once.
    const before = rig.server.sales.get(`${rig.tillId}:${sales[0]!.referenceCode}`)!.revision;
    store.recordReprint(sales[0]!.saleId, { fiscal: false, personName: 'Ana' });
    second.kick();
    await until('the reprint reaches the server', () => rig.server.salesLog.length === 4);
    const after = rig.server.sales.get(`${rig.tillId}:${sales[0]!.referenceCode}`)!;
    expect(after.revision).toBe(before + 1);
    expect(after.reprints).toBe(1);
    await until('nothing waits', () => store.salesWaitingForShop() === 0);
  });
});

describe('one truth on screen: what Tienda hears of the server is the link\'s news (issue 26)', () => {
  it('an answer to another request ends the link\'s backoff at once; a failed one is trouble at once', async () => {
    rig = await pairedTill();
    // A backoff far longer than the wait below: only the other request's news can bring the link back in time.
    const running = link({ backoffMs: 120_000 });
    await running.restart();
    rig.server.put('product', PRODUCT.code, PRODUCT);
    await until('the product reaches the till', () => rig.store.getCatalogProduct(PRODUCT.code) !== null);
    rig.server.away = true;
    await until('the till sees the server away', () => running.line()?.unreachableSince !== null);
    rig.server.away = false;
    rig.server.put('product', 'PAN-1', { ...PRODUCT, code: 'PAN-1', name: 'Pan', barcodes: [] });
    // Tienda's call was answered: the status bar says so now, and the feed is read again without waiting out the backoff.
    running.heard();
    expect(running.line()?.unreachableSince).toBeNull();
    await until('the feed is read again', () => rig.store.getCatalogProduct('PAN-1') !== null);
    // Tienda's call could not reach it: the status bar says so now too.
    running.trouble(new ShopError('NETWORK', 'connection refused'));
    expect(running.line()).toMatchObject({ problem: 'NETWORK' });
    expect(running.line()?.unreachableSince).not.toBeNull();
  });
});
