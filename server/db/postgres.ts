/** A PostgreSQL of the shop's own (`--database-url postgres://…`), through a small pool of `pg` connections. */
import pg from 'pg';
import type { Database, Durability, Queryable } from './adapter';

const INT8 = 20;
// bigint columns hold sequences, versions and millisecond times, all within MAX_SAFE_INTEGER by the contract.
const parseInt8 = (text: string): number => Number(text);

export async function openPostgres(url: string, poolSize = 8): Promise<Database> {
  const types = { getTypeParser: (oid: number, format?: string) => (oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle connection that dies (server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const client = await pool.connect(); // fail at start, with the driver's message, when the URL is wrong
  let durability: Durability;
  try {
    durability = await readDurability(client);
  } finally {
    client.release();
  }
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
    durability,
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

/**
 * PostgreSQL keeps an acknowledged commit when `fsync` and `synchronous_commit` are on (its defaults; every value
 * but `off` flushes the commit locally) and `full_page_writes` keeps a page torn by a power cut recoverable. Read as
 * this server's connections see them (a database's or role's own setting counts); any of them off is a plain warning.
 */
export async function readDurability(client: pg.PoolClient | pg.Client): Promise<Durability> {
  const settings: Record<string, string> = {};
  for (const name of ['fsync', 'synchronous_commit', 'full_page_writes']) {
    const { rows } = await client.query<Record<string, string>>(`SHOW ${name}`);
    settings[name] = String(Object.values(rows[0] ?? {})[0]);
  }
  const off = Object.entries(settings).filter(([, value]) => value === 'off').map(([name]) => `${name} = off`);
  if (off.length === 0) return { onDisk: true, settings, summary: 'cada venta queda en el disco antes de responder a la caja (fsync on, synchronous_commit on)' };
  return {
    onDisk: false,
    settings,
    summary: 'LAS VENTAS NO SE GUARDAN EN EL DISCO ANTES DE RESPONDER',
    warning: `ATENCIÓN: este PostgreSQL funciona con ${off.join(', ')}: un corte de luz o una caída de su computador puede perder ventas que este servidor ya confirmó a las cajas. Vuelva a activar${off.length > 1 ? 'los' : 'lo'} (${off.map((o) => `ALTER SYSTEM SET ${o.replace(' = off', ' = on')};`).join(' ')} SELECT pg_reload_conf(); o en postgresql.conf, o donde esta base o su rol lo fije) y reinicie el servidor de la tienda.`,
  };
}
