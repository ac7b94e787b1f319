/** What `npm run server -- status` shows of one database (issue 27): processes, the schema, tills and when each last spoke. */
import type { Database } from '../db/adapter';
import { migrations } from '../db/migrations';
import { listServerProcesses, type ServerProcessRow } from './server-processes';

export interface ServerStatus {
  now: number;
  database: { kind: 'pglite' | 'postgresql'; schema: number; schemaKnown: number; durability: string };
  processes: ServerProcessRow[];
  tills: Array<{ number: number; name: string; revoked: boolean; pairedAt: number; lastSeenAt: number | null }>;
}

export async function readServerStatus(db: Database, now: number): Promise<ServerStatus> {
  const schema = Number((await db.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations')).rows[0]?.v ?? 0);
  const { rows } = await db.query<{ number: number; name: string; revoked: boolean; paired_at: number; last_seen_at: number | null }>(
    'SELECT number, name, revoked, paired_at, last_seen_at FROM tills ORDER BY number');
  return {
    now,
    database: { kind: db.kind, schema, schemaKnown: migrations.length, durability: db.durability.summary },
    processes: await listServerProcesses(db, now),
    tills: rows.map((r) => ({ number: Number(r.number), name: r.name, revoked: r.revoked, pairedAt: Number(r.paired_at), lastSeenAt: r.last_seen_at === null ? null : Number(r.last_seen_at) })),
  };
}
