/**
 * The server processes of one database (issue 27): each running process keeps a row with its pid, machine, the
 * addresses tills type, when it started and its last heartbeat (every ~15 s), and marks it stopped when it stops.
 * A row whose heartbeat is older than a few beats belongs to a process that ended without saying so (killed, power
 * cut). Rows of processes stopped more than a week ago are pruned by the next process that starts.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Queryable } from '../db/adapter';

export const HEARTBEAT_MS = 15_000;
/** A process this long without a beat is taken as gone (four beats missed). */
export const GONE_AFTER_MS = 4 * HEARTBEAT_MS;
const PRUNE_AFTER_MS = 7 * 86_400_000;

export interface ServerProcessRow {
  id: string; pid: number; host: string; addresses: string[]; version: string; contract: number;
  startedAt: number; beatAt: number; stoppedAt: number | null;
}

export interface Heartbeat {
  readonly id: string;
  /** Marks the row stopped and ends the beats. */
  stop(): Promise<void>;
}

export interface HeartbeatOptions {
  addresses: readonly string[];
  version: string;
  contract: number;
  now?: () => number;
  everyMs?: number;
  /** A beat that could not be written (the database away): said, and tried again at the next beat. */
  log?: (line: string) => void;
}

export async function startHeartbeat(db: Queryable, opts: HeartbeatOptions): Promise<Heartbeat> {
  const now = opts.now ?? Date.now;
  const id = randomBytes(16).toString('hex');
  const at = now();
  await db.query('DELETE FROM server_processes WHERE coalesce(stopped_at, beat_at) < $1', [at - PRUNE_AFTER_MS]);
  await db.query(
    `INSERT INTO server_processes (id, pid, host, addresses, version, contract, started_at, beat_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $7)`,
    [id, process.pid, hostname(), JSON.stringify(opts.addresses), opts.version, opts.contract, at],
  );
  let failing = false;
  const timer = setInterval(() => {
    db.query('UPDATE server_processes SET beat_at = $2 WHERE id = $1', [id, now()]).then(() => {
      if (failing) opts.log?.('latido del proceso: la base de datos responde de nuevo');
      failing = false;
    }, (error: unknown) => {
      if (!failing) opts.log?.(`latido del proceso: no se pudo escribir en la base de datos (${error instanceof Error ? error.message : String(error)}); se reintenta`);
      failing = true;
    });
  }, opts.everyMs ?? HEARTBEAT_MS);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await db.query('UPDATE server_processes SET stopped_at = $2, beat_at = $2 WHERE id = $1', [id, now()]).catch(() => {});
    },
  };
}

/** The processes to show: running ones, and those stopped or gone in the last day; newest first. */
export async function listServerProcesses(db: Queryable, now: number): Promise<ServerProcessRow[]> {
  const { rows } = await db.query<{ id: string; pid: number; host: string; addresses: string[]; version: string; contract: number; started_at: number; beat_at: number; stopped_at: number | null }>(
    `SELECT id, pid, host, addresses, version, contract, started_at, beat_at, stopped_at FROM server_processes
      WHERE coalesce(stopped_at, beat_at) >= $1 ORDER BY started_at DESC LIMIT 20`, [now - 86_400_000]);
  return rows.map((r) => ({
    id: r.id, pid: Number(r.pid), host: r.host, addresses: Array.isArray(r.addresses) ? r.addresses : [], version: r.version, contract: Number(r.contract),
    startedAt: Number(r.started_at), beatAt: Number(r.beat_at), stoppedAt: r.stopped_at === null ? null : Number(r.stopped_at),
  }));
}
