/**
 * Is a copy good? `PRAGMA integrity_check` says "ok" and the main tables hold as many rows as the source did at the
 * copy's moment. Also what a copy holds, said before a restore replaces anything.
 */
import Database from 'better-sqlite3';
import { KEYS } from '../app/settings-mapping';
import type { TableCounts } from '../store/backup-runs';

/** The tables whose rows are the shop's history: a copy missing any of their rows is not a backup. */
export const MAIN_TABLES = ['sales', 'outbox', 'sale_corrections', 'shifts', 'customers', 'products', 'people', 'overrides', 'settings'] as const;

export class BadCopyError extends Error {
  override readonly name = 'BadCopyError';
  constructor(readonly code: 'COPY_CORRUPT' | 'COPY_INCOMPLETE' | 'COPY_UNREADABLE', message: string) {
    super(message);
  }
}

/** Row counts of the main tables present in this database (an older schema may lack some). */
export function countMainTables(db: Database.Database): TableCounts {
  const present = new Set(
    db.prepare<[], { name: string }>(`SELECT name FROM sqlite_schema WHERE type = 'table'`).all().map((r) => r.name),
  );
  const counts: TableCounts = {};
  for (const table of MAIN_TABLES) {
    if (present.has(table)) counts[table] = (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
  }
  return counts;
}

function openReadOnly(file: string): Database.Database {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    return db;
  } catch (error) {
    throw new BadCopyError('COPY_UNREADABLE', `The copy cannot be opened as a Mostrador data file: ${(error as Error).message}`);
  }
}

/**
 * What a check finds in a copy, before it is judged (`judgeCopy`): gathered here on the calling thread, or by the
 * worker of copy-check-thread.ts with the same statements (issue 29: a large copy's check then holds nothing).
 */
export type CopyFindings = { unreadable: string } | { corrupt: string } | { problems: string[]; counts: TableCounts };

export function gatherCopyFindings(file: string): CopyFindings {
  let db: Database.Database;
  try {
    db = openReadOnly(file);
  } catch (error) {
    return { unreadable: (error as Error).message };
  }
  try {
    const problems = db.prepare<[], { integrity_check: string }>('PRAGMA integrity_check').all().map((r) => r.integrity_check);
    if (problems.length !== 1 || problems[0] !== 'ok') return { problems, counts: {} };
    return { problems, counts: countMainTables(db) };
  } catch (error) {
    return { corrupt: (error as Error).message };
  } finally {
    db.close();
  }
}

/** The verdict on a copy's findings against the counts its source had; throws BadCopyError saying what is wrong. */
export function judgeCopy(findings: CopyFindings, expected: TableCounts): TableCounts {
  if ('unreadable' in findings) {
    throw new BadCopyError('COPY_UNREADABLE', findings.unreadable.startsWith('The copy cannot be opened') ? findings.unreadable
      : `The copy cannot be opened as a Mostrador data file: ${findings.unreadable}`);
  }
  if ('corrupt' in findings) throw new BadCopyError('COPY_CORRUPT', `The copy is damaged: ${findings.corrupt}`);
  const { problems, counts } = findings;
  if (problems.length !== 1 || problems[0] !== 'ok') {
    throw new BadCopyError('COPY_CORRUPT', `The copy is damaged: ${problems.slice(0, 3).join('; ')}`);
  }
  const missing = Object.entries(expected).filter(([table, n]) => counts[table] !== n)
    .map(([table, n]) => `${table}: ${counts[table] ?? 'missing'} rows, the till had ${n}`);
  if (missing.length > 0) throw new BadCopyError('COPY_INCOMPLETE', `The copy does not hold what the till had: ${missing.join('; ')}`);
  return counts;
}

/** Checks a copy against the counts its source had, on this thread; throws BadCopyError saying what is wrong. */
export function checkCopy(file: string, expected: TableCounts): TableCounts {
  return judgeCopy(gatherCopyFindings(file), expected);
}

/** What a copy holds, for the owner to read before a restore replaces anything. */
export interface CopyContents {
  /** PRAGMA user_version: a copy from a newer Mostrador cannot be restored here. */
  schemaVersion: number;
  sales: number;
  lastSaleNumber: number | null;
  lastSaleAt: number | null;
  closedShifts: number;
  customers: number;
  products: number;
  /** The real service the copy's till sends to (null in demo mode): its secret is in a keychain, not in the copy. */
  service: { baseUrl: string; clientId: string } | null;
}

/** The copy's connection rows, read as settings-mapping's `connectionMode` reads them (a damaged mode counts as service). */
function serviceOf(db: Database.Database): CopyContents['service'] {
  const rows = new Map(db.prepare<[string, string, string], { key: string; value: string }>(
    'SELECT key, value FROM settings WHERE key IN (?, ?, ?)',
  ).all(KEYS.mode, KEYS.baseUrl, KEYS.clientId).map((r) => [r.key, r.value]));
  const mode = rows.get(KEYS.mode) ?? '';
  const baseUrl = rows.get(KEYS.baseUrl) ?? '';
  const clientId = rows.get(KEYS.clientId) ?? '';
  return mode !== '' && mode !== 'demo' && baseUrl !== '' && clientId !== '' ? { baseUrl, clientId } : null;
}

export function readCopyContents(file: string): CopyContents {
  const db = openReadOnly(file);
  try {
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    const counts = countMainTables(db);
    const has = (table: string) => counts[table] !== undefined;
    const columns = has('sales') ? db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('sales')`).all().map((c) => c.name) : [];
    const last = has('sales')
      ? db.prepare(`SELECT max(${columns.includes('short_number') ? 'coalesce(short_number, id)' : 'id'}) AS n, max(created_at) AS at FROM sales`)
        .get() as { n: number | null; at: number | null }
      : { n: null, at: null };
    const closedShifts = has('shifts') ? (db.prepare('SELECT count(*) AS n FROM shifts WHERE closed_at IS NOT NULL').get() as { n: number }).n : 0;
    return {
      schemaVersion, sales: counts.sales ?? 0, lastSaleNumber: last.n, lastSaleAt: last.at, closedShifts,
      customers: counts.customers ?? 0, products: counts.products ?? 0,
      service: has('settings') ? serviceOf(db) : null,
    };
  } catch (error) {
    if (error instanceof BadCopyError) throw error;
    throw new BadCopyError('COPY_CORRUPT', `The copy cannot be read: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}
