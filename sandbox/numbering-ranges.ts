/** The seller's DIAN numbering ranges: seeded once per database, listed, and consumed without gaps. */
import { randomUUID } from 'node:crypto';
import type { SandboxDb } from './db';

export interface RangeRow {
  id: string;
  document_type: 'INVOICE' | 'CREDIT_NOTE';
  prefix: string;
  from_number: number;
  to_number: number;
  next_number: number;
  resolution: string;
  resolution_date: string;
  start_date: string;
  end_date: string;
}

const DAY_MS = 86_400_000;
// Colombia has no daylight saving: its calendar day is UTC-5 all year.
const BOGOTA_OFFSET_MS = -5 * 3_600_000;

export function colombianDate(nowMs: number): string {
  return new Date(nowMs + BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Creates the demo ranges the first time a database is opened; dates are relative to that moment. */
export function seedNumberingRanges(db: SandboxDb, nowMs: number): void {
  const count = (db.prepare('SELECT COUNT(*) AS n FROM numbering_ranges').get() as { n: number }).n;
  if (count > 0) return;
  const day = (offsetDays: number) => colombianDate(nowMs + offsetDays * DAY_MS);
  const seeds: Array<Omit<RangeRow, 'id' | 'next_number'>> = [
    { document_type: 'INVOICE', prefix: 'SETP', from_number: 990000000, to_number: 995000000, resolution: '18760000001',
      resolution_date: day(-60), start_date: day(-60), end_date: day(730) },
    { document_type: 'INVOICE', prefix: 'FEV', from_number: 1, to_number: 5000, resolution: '18760000000',
      resolution_date: day(-1100), start_date: day(-1100), end_date: day(-370) },
    { document_type: 'CREDIT_NOTE', prefix: 'NCSP', from_number: 1, to_number: 99999, resolution: '18760000002',
      resolution_date: day(-60), start_date: day(-60), end_date: day(730) },
  ];
  const insert = db.prepare(`INSERT INTO numbering_ranges (id, seq, document_type, prefix, from_number, to_number, next_number,
    resolution, resolution_date, start_date, end_date) VALUES (@id, @seq, @document_type, @prefix, @from_number, @to_number,
    @from_number, @resolution, @resolution_date, @start_date, @end_date)`);
  db.transaction(() => seeds.forEach((s, seq) => insert.run({ ...s, id: randomUUID(), seq })))();
}

export function listRanges(db: SandboxDb): RangeRow[] {
  return db.prepare('SELECT * FROM numbering_ranges ORDER BY seq').all() as RangeRow[];
}

export function findRange(db: SandboxDb, id: string): RangeRow | null {
  return (db.prepare('SELECT * FROM numbering_ranges WHERE id = ?').get(id) as RangeRow | undefined) ?? null;
}

export function isCurrent(range: RangeRow, nowMs: number): boolean {
  const today = colombianDate(nowMs);
  return range.start_date <= today && today <= range.end_date && range.next_number <= range.to_number;
}

/** Takes the next consecutive; call inside the transaction that stores it on the document. Null when exhausted. */
export function takeNextNumber(db: SandboxDb, rangeId: string): number | null {
  const row = db
    .prepare('UPDATE numbering_ranges SET next_number = next_number + 1 WHERE id = ? AND next_number <= to_number RETURNING next_number - 1 AS number')
    .get(rangeId) as { number: number } | undefined;
  return row?.number ?? null;
}

export function rangeToWire(range: RangeRow, nowMs: number): Record<string, unknown> {
  return {
    id: range.id,
    document_type: range.document_type,
    is_active: isCurrent(range, nowMs),
    prefix: range.prefix,
    from: range.from_number,
    to: range.to_number,
    resolution: range.resolution,
    resolution_date: range.resolution_date,
    start_date: range.start_date,
    end_date: range.end_date,
  };
}
