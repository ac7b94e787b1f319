/** Migration 18 (the print queue), seed-then-migrate, and the queue's rules: once per receipt, printed only when told. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrations, openDatabase, openStore } from '../../../electron/core/store';
import { sampleSale } from '../../support/sample-sale';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-print-queue-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the print queue in the store', () => {
  it('17 → 18 keeps the sales and adds an empty queue that refuses unknown kinds and states', () => {
    const file = join(dir, 'mostrador.sqlite');
    const db = openDatabase(file);
    migrate(db, { target: 17 });
    const customer = JSON.stringify({ identification_type: '13', identification: '222222222222', dv: '7', name: 'Consumidor final' });
    db.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, short_number)
      VALUES ('K7M2QX-01JH000000AAAAAAAAAAAAAAAA', 1, ?, '[]', '{}', '{}', '1190.00', 1)`).run(customer);
    migrate(db);
    expect(db.prepare('SELECT count(*) AS n FROM sales').get()).toEqual({ n: 1 });
    expect(db.prepare('SELECT count(*) AS n FROM print_jobs').get()).toEqual({ n: 0 });
    expect(() => db.prepare(`INSERT INTO print_jobs (kind, next_attempt_at, created_at) VALUES ('poster', 0, 0)`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`INSERT INTO print_jobs (kind, state, next_attempt_at, created_at) VALUES ('test', 'half', 0, 0)`).run()).toThrow(/CHECK/);
    db.close();
  });

  it('a fiscal receipt is queued once per sale, copies any number of times, and a job is printed only when marked', () => {
    let t = 1_000;
    const store = openStore({ path: join(dir, 'q.sqlite'), now: () => t });
    const sale = store.recordSale(sampleSale(1));
    const first = store.enqueuePrintJob({ kind: 'fiscal', saleId: sale.saleId, onceKey: `fiscal:${sale.saleId}` });
    expect(first).toMatchObject({ kind: 'fiscal', state: 'waiting', attempts: 0 });
    expect(store.enqueuePrintJob({ kind: 'fiscal', saleId: sale.saleId, onceKey: `fiscal:${sale.saleId}` })).toBeNull();
    store.enqueuePrintJob({ kind: 'copy', saleId: sale.saleId });
    store.enqueuePrintJob({ kind: 'copy', saleId: sale.saleId });
    expect(store.waitingPrintJobs()).toEqual({ jobs: 3, receipts: 3 });

    t = 2_000;
    store.markPrintJobFailed(first!.id, 5_000, 'the printer at 10.0.0.9:9100 refused\nthe connection');
    expect(store.headPrintJob()).toMatchObject({ id: first!.id, attempts: 1, nextAttemptAt: 5_000, lastError: 'the printer at 10.0.0.9:9100 refused the connection' });
    store.markPrintJobPrinted(first!.id);
    store.markPrintJobPrinted(first!.id); // a second mark changes nothing
    expect(store.getPrintJob(first!.id)).toMatchObject({ state: 'printed', attempts: 2, doneAt: 2_000, lastError: null });
    // Even once printed, the fiscal receipt cannot be queued again: a reprint is a copy.
    expect(store.enqueuePrintJob({ kind: 'fiscal', saleId: sale.saleId, onceKey: `fiscal:${sale.saleId}` })).toBeNull();
    expect(store.waitingPrintJobs()).toEqual({ jobs: 2, receipts: 2 });
    store.close();

    // Restart: what waited is still waiting.
    const reopened = openStore({ path: join(dir, 'q.sqlite'), now: () => t });
    expect(reopened.waitingPrintJobs()).toEqual({ jobs: 2, receipts: 2 });
    expect(reopened.printJobsOfSale(sale.saleId).map((j) => j.kind)).toEqual(['fiscal', 'copy', 'copy']);
    reopened.close();
  });
});

const BYTES_LEFT = migrations.findIndex((m) => m.name === 'a print job whose bytes all left unconfirmed prints next as a reprint (issue 19)') + 1;

describe('the print queue: order and unconfirmed jobs (issue 19)', () => {
  it('prints fiscal receipts in the order the sales were charged, whatever order they validated in', () => {
    let t = 1_000;
    const file = join(dir, 'order.sqlite');
    const store = openStore({ path: file, now: () => t });
    const ids: number[] = [];
    for (let n = 1; n <= 6; n++) {
      t += 1_000;
      ids.push(store.recordSale(sampleSale(n)).saleId);
    }
    const db = openDatabase(file);
    const validate = db.prepare(`UPDATE outbox SET state = 'validated', validated_at = ? WHERE sale_id = ?`);
    // The printer is away; the sales validate as #2, #1, #6, #4, #5, #3, each catch-up queuing what is new.
    for (const n of [2, 1, 6, 4, 5, 3]) {
      t += 1_000;
      validate.run(t, ids[n - 1]);
      expect(store.enqueueFiscalReceiptsSince(0)).toBe(1);
    }
    db.close();
    const printedOrder: number[] = [];
    for (let job = store.headPrintJob(); job; job = store.headPrintJob()) {
      printedOrder.push(ids.indexOf(job.saleId ?? -1) + 1);
      store.markPrintJobPrinted(job.id);
    }
    expect(printedOrder).toEqual([1, 2, 3, 4, 5, 6]);
    store.close();
  });

  it(`seed-then-migrate: jobs waiting before migration ${BYTES_LEFT} stay originals; a job whose bytes left is marked until done`, () => {
    expect(BYTES_LEFT).toBeGreaterThan(1);
    const file = join(dir, 'left.sqlite');
    const db = openDatabase(file);
    migrate(db, { target: BYTES_LEFT - 1 });
    db.prepare(`INSERT INTO print_jobs (kind, next_attempt_at, created_at) VALUES ('test', 5, 5)`).run();
    migrate(db);
    expect(db.prepare('SELECT kind, state, bytes_left_at FROM print_jobs').all()).toEqual([{ kind: 'test', state: 'waiting', bytes_left_at: null }]);
    expect(() => db.prepare('UPDATE print_jobs SET bytes_left_at = -1').run()).toThrow(/CHECK/);
    db.close();

    let t = 7_000;
    const store = openStore({ path: file, now: () => t });
    const job = store.headPrintJob();
    expect(job).toMatchObject({ kind: 'test', bytesLeftAt: null });
    store.markPrintJobBytesLeft(job!.id);
    t = 9_000;
    store.markPrintJobBytesLeft(job!.id); // the first moment stays
    store.markPrintJobFailed(job!.id, 10_000, 'the printer closed the connection');
    expect(store.getPrintJob(job!.id)).toMatchObject({ state: 'waiting', bytesLeftAt: 7_000 });
    store.close();
  });
});
