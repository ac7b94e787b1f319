/**
 * A till against a shop server restored from its own copy (issue 25): the restored server's change feed is behind
 * the till's cursor, so without more the till would never see a change made there. The shop's generation (new on
 * every restore, carried in the feed's answer) makes the till's pull loop (shop-link.ts) read the feed again from
 * its start. Real parts: the real server on PGlite folders, the real scheduled copy and restore, the till's store
 * in SQLite and its shop link.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore as openTillStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopClient } from '../../../electron/core/shop/shop-client';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import { uploadShop } from '../../../electron/core/shop/shop-upload';
import { restoreShop } from '../../../server/backup/restore';
import { takeServerCopy } from '../../../server/backup/server-copies';
import { openStore } from '../../../server/open-store';
import { startHarness, type Harness } from '../server/harness';
import { PRODUCT, memoryCredentials, until } from './shop-test-rig';

const root = mkdtempSync(join(tmpdir(), 'mostrador-restore-till-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function serverOn(dir: string): Promise<Harness> {
  const db = await openStore({ pgliteDir: dir });
  return startHarness(async () => ({ db, cleanup: () => db.close() }));
}

describe('a till and a shop server restored from a copy', () => {
  it('the till reads the restored server\'s feed again from its start and gets a change made there after the restore', async () => {
    let h = await serverOn(join(root, 'before'));
    const s: Store = openTillStore({ path: ':memory:' });
    let link: ShopLink | null = null;
    try {
      s.saveCatalogProducts([{
        code: PRODUCT.code, name: PRODUCT.name, barcode: PRODUCT.barcodes[0]!, barcodes: PRODUCT.barcodes, price: '15000', shelfPrice: null,
        unitMeasure: '94', taxCode: '01', taxRate: '19', discountRate: '0', category: 'Despensa', active: true, quickKey: false, quickKeyOrder: null,
      }]);
      const credentials = memoryCredentials();
      const { body } = await h.admin('POST', '/admin/pairing');
      const { record, key } = await pairTill({ store: s, credentials, now: Date.now }, { serverUrl: h.server.url, code: String(body.code), tillName: 'Caja 1' });
      const client = createShopClient({ baseUrl: record.serverUrl, pin: record.pin, tillId: record.tillId, privateKey: key.privateKey, retry: { attempts: 1 } });
      await uploadShop(s, client, 'Tienda La Esquina');
      const startLink = () => createShopLink({
        store: s, credentials, now: Date.now, log: () => {}, onChange: () => {}, client: { retry: { attempts: 1 } },
        pollWaitSeconds: 1, idleMs: 50, backoff: { baseMs: 20, maxMs: 20 },
      });
      link = startLink();
      await link.restart();
      await until('the till has read the feed', () => s.shopState().generation !== null && s.shopState().cursor > 0, 20_000);

      // The morning's copy; then the owner changes the price three times: the till's cursor moves past the copy's seqs.
      const copy = await takeServerCopy({ source: { kind: 'pglite', db: h.db, pgliteDir: join(root, 'before') }, folder: root, now: Date.now });
      for (const price of [16000, 17000, 18000]) await h.saveAtServer('product', PRODUCT.code, { ...PRODUCT, price });
      await until('the till has the last price', () => s.getCatalogProduct(PRODUCT.code)?.price === '18000', 20_000);
      const seen = s.shopState();
      await link.stop();
      await h.close();

      // The server's folder is lost; it is restored from the copy and started on a new port.
      const restored = await restoreShop(copy.path, { pgliteDir: join(root, 'after') });
      expect(restored.generation).not.toBe(seen.generation);
      h = await serverOn(join(root, 'after'));
      s.database().prepare("UPDATE settings SET value = ? WHERE key = 'shop.server_url'").run(h.server.url);
      await h.saveAtServer('product', PRODUCT.code, { ...PRODUCT, price: 21000 });
      const { rows } = await h.db.query<{ seq: number }>('SELECT seq FROM products WHERE key = $1', [PRODUCT.code]);
      // The restored server's newest change is behind the till's cursor: asked from there, the feed has nothing.
      expect(Number(rows[0]!.seq)).toBeLessThanOrEqual(seen.cursor);
      const moved = createShopClient({ baseUrl: h.server.url, pin: record.pin, tillId: record.tillId, privateKey: key.privateKey, retry: { attempts: 1 } });
      const answer = await moved.changes(seen.cursor, 0);
      expect(answer.changes).toEqual([]);
      expect(answer.generation).toBe(restored.generation);

      link = startLink();
      await link.restart();
      await until('the till has the price set at the restored server', () => s.getCatalogProduct(PRODUCT.code)?.price === '21000', 20_000);
      expect(s.shopState()).toMatchObject({ generation: restored.generation, cursor: Number(rows[0]!.seq) });
    } finally {
      await link?.stop();
      s.close();
      await h.close();
    }
  }, 120_000);

  it('a till that meets a generation for the first time (a server before generations) keeps its cursor', () => {
    const s = openTillStore({ path: ':memory:' });
    try {
      s.recordShopPairing({}, 7);
      expect(s.applyShopChanges({ changes: [], cursor: 7, more: false })).toBe('applied');
      expect(s.shopState()).toMatchObject({ cursor: 7, generation: null });
      expect(s.applyShopChanges({ changes: [], cursor: 9, more: false, generation: 'a'.repeat(32) })).toBe('applied');
      expect(s.shopState()).toMatchObject({ cursor: 9, generation: 'a'.repeat(32) });
      expect(s.applyShopChanges({ changes: [], cursor: 9, more: false, generation: 'b'.repeat(32) })).toBe('restart');
      expect(s.shopState()).toMatchObject({ cursor: 0, generation: 'b'.repeat(32) });
    } finally {
      s.close();
    }
  });
});
