import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, migrations, openStore } from '../../../electron/core/store';
import { sampleSale } from '../../support/sample-sale';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-overrides-log-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const version = migrations.findIndex((m) => m.name.startsWith('the override log is append-only')) + 1;

describe('override log append-only migration (issue 19)', () => {
  it('rows written before it can no longer be rewritten or deleted; a pending price approval still ends once', () => {
    expect(version).toBeGreaterThan(0);
    const file = join(dir, 'mostrador.sqlite');
    const seed = new Database(file);
    migrate(seed, { target: version - 1 });
    seed.prepare(`INSERT INTO people (name, role, pin_hash, created_at, updated_at) VALUES ('Ana', 'owner', 'x', 1, 1)`).run();
    const insert = seed.prepare(`INSERT INTO overrides (at, owner_id, owner_name, cashier_name, action, detail, open_sale_slot, product_code)
      VALUES (1, 1, 'Ana', 'Beto', ?, ?, ?, ?)`);
    insert.run('settings', '{"kind":"settings","fields":["seller"]}', null, null); // id 1: a finished override
    insert.run('price', '{"kind":"price-approved","code":"CAF"}', 'slot-1', 'CAF'); // id 2: pending price approval
    insert.run('price', '{"kind":"price-approved","code":"PAN"}', 'slot-1', 'PAN'); // id 3: pending, ends unused
    const s = sampleSale(0);
    seed.prepare(`INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable) VALUES ('K7M2QX-LOG1', 1, ?, ?, ?, '{}', '0')`)
      .run(JSON.stringify(s.customer), JSON.stringify(s.items), JSON.stringify(s.payment));
    // Before the migration anyone with the file could rewrite the log.
    expect(seed.prepare(`UPDATE overrides SET owner_name = 'Nadie' WHERE id = 1`).run().changes).toBe(1);
    seed.prepare(`UPDATE overrides SET owner_name = 'Ana' WHERE id = 1`).run();
    seed.close();

    openStore({ path: file }).close();
    const db = new Database(file);
    const refused = (sql: string) => expect(() => db.prepare(sql).run()).toThrow(/override record/);
    refused('DELETE FROM overrides WHERE id = 1');
    refused('DELETE FROM overrides');
    refused(`UPDATE overrides SET owner_name = 'Nadie' WHERE id = 1`);
    refused(`UPDATE overrides SET detail = '{"kind":"demo"}' WHERE id = 1`);
    refused('UPDATE overrides SET used_at = 5 WHERE id = 1'); // not a pending approval of an open sale
    refused(`UPDATE overrides SET cashier_name = 'Otro', used_at = 5 WHERE id = 2`);
    refused(`UPDATE overrides SET detail = '{"kind":"demo"}' WHERE id = 2`); // still pending: not its charge
    // What a charge does (people.ts stampSale): the approval now names the lines it allowed, once.
    expect(db.prepare(`UPDATE overrides SET sale_id = 1, detail = '{"kind":"price","lines":[]}', used_at = 7 WHERE id = 2 AND used_at IS NULL`).run().changes).toBe(1);
    expect(db.prepare(`UPDATE overrides SET used_at = 7 WHERE open_sale_slot = 'slot-1' AND used_at IS NULL`).run().changes).toBe(1);
    refused('UPDATE overrides SET used_at = 9 WHERE id = 2');
    refused('UPDATE overrides SET sale_id = NULL WHERE id = 2');
    refused(`UPDATE overrides SET detail = '{"kind":"demo"}' WHERE id = 3`);
    expect(db.prepare('SELECT count(*) AS n FROM overrides').get()).toEqual({ n: 3 });
    expect(db.prepare('SELECT owner_name FROM overrides WHERE id = 1').get()).toEqual({ owner_name: 'Ana' });
    db.close();
  });
});
