/** Migration 2 on a database holding sales pushed before it: their figures, lines and taxes are filled in. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../../../server/db/migrations';
import { openPostgres } from '../../../server/db/postgres';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { id32, sale } from './samples';

describe.skipIf(postgresBinDir() === null)('migration 2 (back office) over sales of schema 1', () => {
  let cluster: PgCluster | null = null;
  beforeAll(async () => { cluster = await startPgCluster(); }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);

  it('fills the new columns, lines and taxes of every sale already there', async () => {
    const db = await openPostgres(await cluster!.createDatabase('migration_two'));
    try {
      await db.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
      await db.transaction(async (tx) => {
        await migrations[0]!.up(tx);
        await tx.query(`INSERT INTO schema_migrations VALUES (1, 'one', 0)`);
      });
      const till = id32();
      await db.query(`INSERT INTO tills (id, number, name, public_key, paired_at, version, seq) VALUES ($1, 1, 'Caja 1', 'k', 0, 1, 1)`, [till]);
      const refs = Array.from({ length: 1_203 }, (_, i) => `OLD-${String(i).padStart(5, '0')}`);
      for (const ref of refs) {
        const s = sale(ref, 2, { service: { state: 'validated', fullNumber: `SETP${ref.slice(4)}`, cufe: 'ABC123', validatedAt: 1 } });
        await db.query(`INSERT INTO sales (reference_code, till_id, sale_number, revision, created_at, cashier_name, total, state, data, received_at)
          VALUES ($1, $2, 1, 2, 0, 'Ana', 2142, 'validated', $3::jsonb, 0)`, [ref, till, JSON.stringify(s)]);
      }
      expect(await migrate(db)).toBe(migrations.length);
      const { rows } = await db.query<Record<string, string | number>>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE invoice_digits = substr(reference_code, 5))::int AS digits,
                count(*) FILTER (WHERE cufe = 'abc123')::int AS cufe, min(tax_total)::text AS tax,
                (SELECT count(*)::int FROM sale_lines) AS lines, (SELECT sum(amount)::numeric(19,2)::text FROM sale_taxes) AS taxes FROM sales`);
      expect(rows[0]).toEqual({ n: 1203, digits: 1203, cufe: 1203, tax: '342.0000', lines: 1203, taxes: String(342 * 1203) + '.00' });
    } finally {
      await db.close();
    }
  }, 120_000);
});
