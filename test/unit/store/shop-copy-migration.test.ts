import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrations, openStore } from '../../../electron/core/store';
import { pushedSaleSchema } from '../../../shared/shop/contract';
import { sampleSale } from '../../support/sample-sale';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-shop-copy-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const version = migrations.findIndex((m) => m.name.startsWith('another till\'s sale from the shop server')) + 1;
const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';

describe('print jobs of another till\'s sale (issue 21, rebuilt print_jobs)', () => {
  it('keeps every job with its id and state, takes a shop-copy with its sale, refuses one without, and numbers on', () => {
    expect(version).toBeGreaterThan(1);
    const file = join(dir, 'mostrador.sqlite');
    const db = new Database(file);
    migrate(db, { target: version - 1 });
    db.prepare(`INSERT INTO print_jobs (kind, state, next_attempt_at, created_at, done_at) VALUES ('test', 'printed', 1, 1, 2)`).run();
    db.prepare(`INSERT INTO print_jobs (kind, next_attempt_at, created_at, bytes_left_at, report) VALUES ('z-copy', 5, 5, 6, '{"kind":"Z"}')`).run();
    db.close();

    const store = openStore({ path: file });
    expect(store.getPrintJob(1)).toMatchObject({ kind: 'test', state: 'printed', doneAt: 2 });
    expect(store.getPrintJob(2)).toMatchObject({ kind: 'z-copy', state: 'waiting', bytesLeftAt: 6, report: '{"kind":"Z"}' });
    const copy = store.enqueuePrintJob({ kind: 'shop-copy', report: '{"sale":{}}' });
    expect(copy).toMatchObject({ id: 3, kind: 'shop-copy', saleId: null, report: '{"sale":{}}' });
    expect(store.waitingPrintJobs()).toEqual({ jobs: 2, receipts: 1 });
    expect(() => store.enqueuePrintJob({ kind: 'shop-copy' })).toThrow(/CHECK/);
    expect(() => store.enqueuePrintJob({ kind: 'copy', report: '{}' })).toThrow(/CHECK/);
    store.close();

    const after = new Database(file);
    const indexes = after.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'print_jobs' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all();
    expect(indexes.map((r) => (r as { name: string }).name)).toEqual(['print_jobs_by_sale', 'print_jobs_done', 'print_jobs_waiting', 'print_jobs_waiting_in_order']);
    after.close();
  });

  it('a pushed sale carries the service\'s QR URL when the till has one, and reads without it (older pushes)', () => {
    const store = openStore({ path: join(dir, 'push.sqlite') });
    const sale = store.recordSale(sampleSale(1, RANGE));
    const before = store.dueSales(10)[0]!.sale;
    expect(before.service).not.toHaveProperty('qrUrl');
    expect(pushedSaleSchema.safeParse(before).success).toBe(true);
    store.close();
    const db = new Database(join(dir, 'push.sqlite'));
    const url = `https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${'c'.repeat(96)}`;
    db.prepare(`UPDATE outbox SET qr_url = ? WHERE sale_id = ?`).run(url, sale.saleId);
    db.close();
    const again = openStore({ path: join(dir, 'push.sqlite') });
    const pushed = again.dueSales(10)[0]!.sale;
    expect(pushed.service.qrUrl).toBe(url);
    expect(pushedSaleSchema.safeParse(pushed).success).toBe(true);
    again.close();
  });
});
