/**
 * The reprint log: each reprint of a receipt or slip is a COPIA numbered 1, 2, 3… per sale, with its time. The
 * original print is never logged here, so it can never come out marked as a copy.
 */
import type Database from 'better-sqlite3';
import { StoreError } from './errors';

export interface Reprint {
  copyNumber: number;
  at: number;
  /** Whether the copy was of the fiscal receipt (validated) or of the provisional slip. */
  fiscal: boolean;
  personName: string;
}

export interface Reprints {
  /** Records the next copy of sale `saleId`, numbered in the same transaction (two windows never share a number). */
  recordReprint(saleId: number, copy: { fiscal: boolean; personName?: string }): Reprint;
  listReprints(saleId: number): Reprint[];
}

interface ReprintRow { copy_number: number; at: number; fiscal: number; person_name: string }
const toReprint = (r: ReprintRow): Reprint => ({ copyNumber: r.copy_number, at: r.at, fiscal: r.fiscal === 1, personName: r.person_name });

export function reprintsTable(db: Database.Database, now: () => number): Reprints {
  const insert = db.prepare<[number, number, number, number, string], ReprintRow>(
    `INSERT INTO reprints (sale_id, copy_number, at, fiscal, person_name)
     VALUES (?, (SELECT coalesce(max(copy_number), 0) + 1 FROM reprints WHERE sale_id = ?), ?, ?, ?)
     RETURNING copy_number, at, fiscal, person_name`,
  );
  const list = db.prepare<[number], ReprintRow>('SELECT copy_number, at, fiscal, person_name FROM reprints WHERE sale_id = ? ORDER BY copy_number');
  const saleExists = db.prepare<[number], { id: number }>('SELECT id FROM sales WHERE id = ?');
  return {
    recordReprint(saleId, copy) {
      return db.transaction(() => {
        if (!saleExists.get(saleId)) throw new StoreError(`There is no sale ${saleId}.`);
        const row = insert.get(saleId, saleId, now(), copy.fiscal ? 1 : 0, copy.personName ?? '');
        if (!row) throw new StoreError('The reprint was not recorded.');
        return toReprint(row);
      }).immediate();
    },
    listReprints: (saleId) => list.all(saleId).map(toReprint),
  };
}
