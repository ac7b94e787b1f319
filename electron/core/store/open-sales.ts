/**
 * The open sale of each counter slot (cart as typed, customer, payment): written as the cashier works, read back at
 * start, and cleared by `recordSale` in the same transaction that records the charge, so a crash can never bring
 * back a cart that was already charged.
 */
import type Database from 'better-sqlite3';
import type { OpenSaleDraft } from '../../../shared/open-sale';

export interface StoredOpenSale {
  /** As stored; the caller checks it against the shared schema (an old or damaged row must not reach the screen). */
  draft: unknown;
  updatedAt: number;
}

export interface OpenSales {
  getOpenSale(slot: string): StoredOpenSale | null;
  /** Replaces the slot's open sale; returns when it was saved. */
  saveOpenSale(slot: string, draft: OpenSaleDraft): number;
  clearOpenSale(slot: string): void;
}

/** The one statement that clears a slot; `recordSale` runs it inside its own transaction. */
export function openSaleClearer(db: Database.Database): (slot: string) => void {
  const remove = db.prepare<[string]>('DELETE FROM open_sales WHERE slot = ?');
  return (slot) => { remove.run(slot); };
}

export function openSalesTable(db: Database.Database, now: () => number): OpenSales {
  const select = db.prepare<[string], { draft: string; updated_at: number }>('SELECT draft, updated_at FROM open_sales WHERE slot = ?');
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO open_sales (slot, draft, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (slot) DO UPDATE SET draft = excluded.draft, updated_at = excluded.updated_at`,
  );
  const clear = openSaleClearer(db);
  return {
    getOpenSale(slot) {
      const row = select.get(slot);
      if (!row) return null;
      try {
        return { draft: JSON.parse(row.draft) as unknown, updatedAt: row.updated_at };
      } catch {
        return { draft: null, updatedAt: row.updated_at };
      }
    },
    saveOpenSale(slot, draft) {
      const at = now();
      upsert.run(slot, JSON.stringify(draft), at);
      return at;
    },
    clearOpenSale: clear,
  };
}
