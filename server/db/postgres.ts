/** A PostgreSQL of the shop's own (`--database-url postgres://…`), through a small pool of `pg` connections. */
import pg from 'pg';
import type { Database, Durability, ListenHandlers, Notifications, Queryable } from './adapter';

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
    notifications: postgresNotifications(url, pool),
    close: () => pool.end(),
  };
}

/** How long the listening connection waits before trying again: doubling from 100 ms up to 5 s. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** The listening connection is asked `SELECT 1` this often; no answer within the timeout counts as lost. */
const PING_EVERY_MS = 15_000;
const PING_TIMEOUT_MS = 10_000;
/** How the listening connection is named in `pg_stat_activity` (one per server process). */
export const LISTENER_NAME = 'mostrador avisos';
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function postgresNotifications(url: string, pool: pg.Pool): Notifications {
  return {
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channels, handlers) => listen(url, channels, handlers),
  };
}

/**
 * A connection of its own that only listens (a pooled one would be handed to queries and lose its LISTEN). When it
 * drops (PostgreSQL restarted, the backend terminated, the network gone quiet past the ping), it is replaced, with
 * a growing pause between tries, until `close()`; `back()` then tells the caller that notifications may have been
 * missed.
 */
async function listen(url: string, channels: readonly string[], handlers: ListenHandlers): Promise<{ close(): Promise<void> }> {
  for (const channel of channels) if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let pause = RECONNECT_FIRST_MS;

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_NAME });
    client.on('notification', (m) => {
      if (client === current) handlers.message(m.channel, m.payload ?? '');
    });
    client.on('error', (error) => lost(client, error.message));
    client.on('end', () => lost(client, 'the connection ended'));
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
      return client;
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
  }

  function lost(client: pg.Client, reason: string): void {
    if (client !== current) return;
    current = null;
    client.end().catch(() => {});
    if (closed) return;
    handlers.lost(reason);
    schedule();
  }

  function schedule(): void {
    retry = setTimeout(() => {
      connect().then((client) => {
        if (closed) {
          client.end().catch(() => {});
          return;
        }
        current = client;
        pause = RECONNECT_FIRST_MS;
        handlers.back();
      }, () => {
        if (closed) return;
        pause = Math.min(pause * 2, RECONNECT_MAX_MS);
        schedule();
      });
    }, pause);
  }

  current = await connect();
  const ping = setInterval(() => {
    const client = current;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('no answer to a ping')), PING_TIMEOUT_MS); });
    Promise.race([client.query('SELECT 1'), timeout])
      .catch((error: unknown) => lost(client, error instanceof Error ? error.message : String(error)))
      .finally(() => clearTimeout(timer));
  }, PING_EVERY_MS);
  ping.unref();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
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
