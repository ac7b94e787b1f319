/**
 * Issue 27: a record of the shop server's change feed the till cannot apply is set aside (reason and what to do in
 * Spanish) and everything after it keeps flowing; it goes once a newer version of it applies or a retry applies it.
 * A real SQLite file; pages are built by hand (the client's split of a raw page included).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { splitChangesPage } from '../../../electron/core/shop/shop-client';
import type { Change } from '../../../shared/shop/contract';
import { feedAsideHint } from '../../../shared/shop/feed-aside';

let dir: string;
let store: Store;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-feed-aside-'));
  file = join(dir, 'till.sqlite');
  store = openStore({ path: file });
  store.recordShopPairing({ 'shop.till_id': 'f'.repeat(32) }, 0);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const hex = (n: number) => n.toString(16).padStart(32, '0');
const HASH = 'scrypt$16384$8$1$c2FsdA$aGFzaA';
const OTHER_HASH = 'scrypt$16384$8$1$b3Rybw$b3Rybw';
const PRODUCT = {
  code: 'CAFE-500', name: 'Café molido 500 g', barcodes: ['7701234567890'], unitMeasure: '94', price: 15882.35,
  tax: { code: '01', rate: 19 }, discountRate: 0, category: 'Despensa', active: true, quickKey: false, quickKeyOrder: null,
};
let seq = 0;
const product = (over: Partial<typeof PRODUCT> = {}, version = 1): Change =>
  ({ seq: ++seq, kind: 'product', key: over.code ?? PRODUCT.code, data: { ...PRODUCT, ...over, version } }) as Change;
const person = (key: string, name: string, version = 1, pinHash = HASH): Change =>
  ({ seq: ++seq, kind: 'person', key, data: { key, name, role: 'cashier', pinHash, active: true, version } }) as Change;
const page = (changes: Change[]) => ({ changes, cursor: changes.at(-1)?.seq ?? seq, more: false });

describe('feed records the till cannot apply (issue 27)', () => {
  it('sets a name clash aside with why and what to do in Spanish; the price and the product after it still apply', () => {
    store.applyShopChanges(page([product(), person(hex(1), 'Ana Gómez')]));
    const cursor = store.shopState().cursor;
    // A second server person with Ana's name (case aside), between a new price and a new product.
    const clash = person(hex(2), 'ana gómez');
    const next = page([product({ price: 16806.72 }, 2), clash, product({ code: 'PAN-1', name: 'Pan', barcodes: [] })]);
    expect(store.applyShopChanges(next)).toBe('applied');

    expect(store.getCatalogProduct(PRODUCT.code)?.price).toBe('16806.72');
    expect(store.getCatalogProduct('PAN-1')?.name).toBe('Pan');
    expect(store.shopState().cursor).toBe(next.cursor);
    expect(store.shopState().cursor).toBeGreaterThan(cursor);
    expect(store.listPeople().map((p) => p.name)).toEqual(['Ana Gómez']);
    expect(store.feedAsideCount()).toBe(1);
    const [aside] = store.feedAside(10);
    expect(aside).toMatchObject({ seq: clash.seq, kind: 'person', key: hex(2), label: 'ana gómez', reasonCode: 'name_clash', tries: 1 });
    expect(aside!.reason).toMatch(/«ana gómez» que llegó del servidor tiene el mismo nombre que otra persona de la caja/);
    expect(aside!.action).toMatch(/Cambie el nombre de una de las dos/);
    // The server's changes never become edits of this till.
    expect(store.shopCommandsWaiting()).toBe(0);
    expect(feedAsideHint(store.feedAsideCount())).toBe('1 cambio del servidor sin aplicar');
    expect(feedAsideHint(3)).toBe('3 cambios del servidor sin aplicar');
  });

  it('drops the record once a newer version of it from the feed applies (renamed at the server)', () => {
    store.applyShopChanges(page([person(hex(1), 'Ana')]));
    store.applyShopChanges(page([person(hex(2), 'ANA')]));
    expect(store.feedAsideCount()).toBe(1);
    // A newer version that still clashes replaces the one set aside (one row per record).
    const again = person(hex(2), 'Ana', 2);
    store.applyShopChanges(page([again]));
    expect(store.feedAside(10)).toEqual([expect.objectContaining({ seq: again.seq, tries: 2 })]);
    store.applyShopChanges(page([person(hex(2), 'Ana María', 3)]));
    expect(store.feedAsideCount()).toBe(0);
    expect(store.listPeople().map((p) => p.name).sort()).toEqual(['Ana', 'Ana María']);
  });

  it('applies the record when the clash is resolved at the till (the local person renamed), and the rename goes up', () => {
    store.applyShopChanges(page([person(hex(1), 'Ana')]));
    store.applyShopChanges(page([person(hex(2), 'Ana')]));
    expect(store.retryFeedAside()).toBe(0);
    const local = store.listPeople().find((p) => p.name === 'Ana')!;
    store.updatePerson(local.id, { name: 'Ana (caja 1)', role: 'cashier', active: true });
    expect(store.retryFeedAside()).toBe(1);
    expect(store.feedAsideCount()).toBe(0);
    expect(store.listPeople().map((p) => p.name).sort()).toEqual(['Ana', 'Ana (caja 1)']);
    // The rename is this till's edit (a command); the server person applied by the retry is not.
    expect(store.takeShopCommands(10).map((c) => [c.kind, (c.data as { name: string }).name])).toEqual([['person.save', 'Ana (caja 1)']]);
  });

  it('a page that brings anything tries the records set aside again: a clash resolved at the server applies by itself', () => {
    store.applyShopChanges(page([person(hex(1), 'Luis')]));
    store.applyShopChanges(page([person(hex(2), 'Luis')]));
    // The server renames its first Luis: that page resolves the clash, and the set-aside one applies with it.
    store.applyShopChanges(page([person(hex(1), 'Luis Pérez', 2)]));
    expect(store.feedAsideCount()).toBe(0);
    expect(store.listPeople().map((p) => p.name).sort()).toEqual(['Luis', 'Luis Pérez']);
  });

  it('a person made here since pairing is never merged into a server person of the same name: that is a clash', () => {
    const mine = store.addPerson({ name: 'Ana', role: 'cashier', pinHash: OTHER_HASH });
    store.applyShopChanges(page([person(hex(5), 'Ana')]));
    expect(store.feedAside(10)).toEqual([expect.objectContaining({ key: hex(5), reasonCode: 'name_clash' })]);
    // Her own PIN stays hers, and her save still goes up as this till's new person.
    expect(store.personWithPin(mine.id)?.pinHash).toBe(OTHER_HASH);
    expect(store.takeShopCommands(10)).toEqual([expect.objectContaining({ kind: 'person.save', baseVersion: null })]);
  });

  it('sets aside a record this version cannot read, apart from the good ones; a newer readable version replaces it', () => {
    const raw = {
      changes: [
        { seq: 1, kind: 'product', key: 'CAFE-500', data: { ...PRODUCT, version: 1 } },
        { seq: 2, kind: 'product', key: 'TE-1', data: { ...PRODUCT, code: 'TE-1', name: 'Té', barcodes: [], version: 1, origin: 'a field of a newer server' } },
        { seq: 3, kind: 'gift_card', key: 'G1', data: { amount: 5 } },
        { seq: 4, kind: 'product', key: 'PAN-1', data: { ...PRODUCT, code: 'PAN-1', name: 'Pan', barcodes: [], version: 1 } },
      ],
      cursor: 4, more: false,
    };
    const split = splitChangesPage(raw);
    expect(split.changes.map((c) => c.seq)).toEqual([1, 4]);
    expect(split.malformed?.map((m) => [m.seq, m.kind, m.key])).toEqual([[2, 'product', 'TE-1'], [3, 'gift_card', 'G1']]);
    store.applyShopChanges(split);
    expect(store.shopState().cursor).toBe(4);
    expect(store.getCatalogProduct('PAN-1')?.name).toBe('Pan');
    expect(store.getCatalogProduct('TE-1')).toBeNull();
    const aside = store.feedAside(10);
    expect(aside.map((a) => [a.key, a.reasonCode, a.label])).toEqual([['TE-1', 'malformed', 'Té'], ['G1', 'malformed', 'G1']]);
    expect(aside[0]!.reason).toMatch(/^El servidor envió un cambio del producto «Té» que esta versión de la caja no entiende/);
    expect(aside[0]!.action).toMatch(/Actualice Mostrador/);
    // Tried again, it still cannot be read: it stays.
    expect(store.retryFeedAside()).toBe(0);
    store.applyShopChanges(page([{ seq: 5, kind: 'product', key: 'TE-1', data: { ...PRODUCT, code: 'TE-1', name: 'Té', barcodes: [], version: 2 } } as Change]));
    expect(store.getCatalogProduct('TE-1')?.name).toBe('Té');
    expect(store.feedAside(10).map((a) => a.key)).toEqual(['G1']);
  });

  it('sets aside a record a rule of this till\'s store refuses, with the rule named', () => {
    // A rule of this file (a real SQLite trigger) that refuses one product.
    const db = new Database(file);
    db.exec(`CREATE TRIGGER refuse_bad AFTER INSERT ON products WHEN NEW.code = 'MALO-1' BEGIN SELECT RAISE(ABORT, 'producto bloqueado en esta caja'); END;`);
    db.close();
    store.applyShopChanges(page([product({ code: 'MALO-1', name: 'Malo', barcodes: [] }), product({ code: 'PAN-1', name: 'Pan', barcodes: [] })]));
    expect(store.getCatalogProduct('PAN-1')?.name).toBe('Pan');
    expect(store.feedAside(10)).toEqual([expect.objectContaining({ key: 'MALO-1', reasonCode: 'refused', label: 'MALO-1 · Malo' })]);
    expect(store.feedAside(10)[0]!.reason).toMatch(/no pudo aplicar el cambio del producto «MALO-1 · Malo» que llegó del servidor \(producto bloqueado en esta caja\)/);
  });

  it('forgets the list with the pairing, and when a restored server makes the till read the feed again', () => {
    store.applyShopChanges({ ...page([person(hex(1), 'Ana')]), generation: 'a'.repeat(32) });
    store.applyShopChanges({ ...page([person(hex(2), 'Ana')]), generation: 'a'.repeat(32) });
    expect(store.feedAsideCount()).toBe(1);
    expect(store.applyShopChanges({ ...page([]), generation: 'b'.repeat(32) })).toBe('restart');
    expect(store.feedAsideCount()).toBe(0);
    store.applyShopChanges({ ...page([person(hex(2), 'Ana')]), generation: 'b'.repeat(32) });
    expect(store.feedAsideCount()).toBe(1);
    store.forgetShopPairing([]);
    expect(store.feedAsideCount()).toBe(0);
  });
});
