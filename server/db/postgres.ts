/** A PostgreSQL of the shop's own (`--database-url postgres://…`), through a small pool of `pg` connections. */
import pg from 'pg';
import type { Database, Queryable } from './adapter';

const INT8 = 20;
// bigint columns hold sequences, versions and millisecond times, all within MAX_SAFE_INTEGER by the contract.
const parseInt8 = (text: string): number => Number(text);

export async function openPostgres(url: string, poolSize = 8): Promise<Database> {
  const types = { getTypeParser: (oid: number, format?: string) => (oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle connection that dies (server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const client = await pool.connect(); // fail at start, with the driver's message, when the URL is wrong
  client.release();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async exec(sql: string) {
      await q.query(sql); // no parameters: the simple protocol, several statements allowed
    },
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query(sql, [...params]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
  });
  const direct = wrap(pool);
  return {
    kind: 'postgresql',
    query: direct.query,
    exec: direct.exec,
    async transaction(work) {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const value = await work(wrap(conn));
        await conn.query('COMMIT');
        return value;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}
