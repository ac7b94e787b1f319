import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrations, openStore } from '../../../electron/core/store';
import { sampleSale } from '../../support/sample-sale';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-void-guard-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const version = migrations.findIndex((m) => m.name.startsWith('voids only of sales the service provably never stored')) + 1;

describe('void guard migration (issue 19)', () => {
  it('past attempts may have reached the service unless provably refused; such a sale is no longer voidable', () => {
    expect(version).toBeGreaterThan(0);
    const file = join(dir, 'mostrador.sqlite');
    const db = new Database(file);
    migrate(db, { target: version - 1 });
    const outcomes: Array<[string, number | null, string]> = [
      ['transient', 502, 'Bad gateway'], // a 5xx the version before called transient: may have been stored
      ['transient', null, 'Could not connect to the invoicing service: ECONNREFUSED'], // refused before sending
      ['permanent', 400, 'the invoice request is not valid'], // a definite refusal
      ['transient', 429, 'rate limit'], // a definite refusal
    ];
    outcomes.forEach(([outcome, status, message], i) => {
      const s = sampleSale(i);
      const sale = db.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable) VALUES (?, 1, ?, ?, ?, '{}', '0') RETURNING id`)
        .get(`K7M2QX-VOID${i}`, JSON.stringify(s.customer), JSON.stringify(s.items), JSON.stringify(s.payment)) as { id: number };
      const entry = db.prepare(`INSERT INTO outbox (sale_id, state, request_body, next_attempt_at, created_at, updated_at, attempts) VALUES (?, 'waiting', '{}', 1, 1, 1, 1) RETURNING id`)
        .get(sale.id) as { id: number };
      db.prepare('INSERT INTO outbox_attempts (entry_id, started_at, finished_at, outcome, http_status, message) VALUES (?, 1, 2, ?, ?, ?)')
        .run(entry.id, outcome, status, message);
    });
    db.close();

    const store = openStore({ path: file });
    const ids = [1, 2, 3, 4];
    expect(ids.map((id) => store.listAttempts(id)[0]?.mayHaveReached)).toEqual([true, false, false, false]);
    expect(store.saleStanding(1)).toBe('maybe_stored');
    expect(ids.slice(1).map((id) => store.saleStanding(id))).toEqual(['never_sent', 'never_sent', 'never_sent']);
    expect(() => store.voidSale({ saleId: 1, reason: 'x', actor: { person: null, approvedBy: null } })).toThrow();
    store.voidSale({ saleId: 2, reason: 'x', actor: { person: null, approvedBy: null } });
    expect(store.saleStanding(2)).toBe('voided');
    store.close();
  });
});
