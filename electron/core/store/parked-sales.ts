/**
 * Parked sales ("Suspender" / "Recuperar"): open sales set aside in slots of their own (`parked:<n>`, a name the
 * bridge's slot rule never accepts, so only parking and recalling reach them), numbered for the cashier. Parking
 * and recalling each move a sale in one transaction, so a crash never loses one nor shows it twice.
 */
import type Database from 'better-sqlite3';
import type { OpenSaleDraft } from '../../../shared/open-sale';
import { StoreError } from './errors';

export interface ParkedSale {
  number: number;
  parkedAt: number;
  /** As stored; the caller checks it against the shared schema. */
  draft: unknown;
}

export interface ParkedSales {
  /** Sets the slot's sale aside under a new number and empties the slot. Refused beyond `max` parked sales. */
  parkSale(fromSlot: string, draft: OpenSaleDraft, max: number): ParkedSale;
  listParkedSales(): ParkedSale[];
  /**
   * Brings parked sale `number` back into the slot. What the slot held (`current`, when it has lines or a customer)
   * is parked in its place, in the same transaction. Null when there is no such parked sale.
   */
  recallParkedSale(number: number, intoSlot: string, current: OpenSaleDraft | null, max: number): { recalled: ParkedSale; parkedCurrent: number | null } | null;
}

const parkedSlot = (n: number): string => `parked:${n}`;
const hasContent = (draft: OpenSaleDraft | null): draft is OpenSaleDraft => draft !== null && (draft.lines.length > 0 || draft.customer !== null);

interface Row { parked_number: number; parked_at: number; draft: string }

function toParked(row: Row): ParkedSale {
  let draft: unknown = null;
  try {
    draft = JSON.parse(row.draft) as unknown;
  } catch {
    // a damaged row is reported by the caller's schema check
  }
  return { number: row.parked_number, parkedAt: row.parked_at, draft };
}

export function parkedSalesTable(db: Database.Database, now: () => number): ParkedSales {
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM open_sales WHERE parked_number IS NOT NULL');
  const nextNumber = db.prepare<[], { n: number }>('SELECT coalesce(max(parked_number), 0) + 1 AS n FROM open_sales');
  const insert = db.prepare<[string, string, number, number, number]>(
    'INSERT INTO open_sales (slot, draft, updated_at, parked_number, parked_at) VALUES (?, ?, ?, ?, ?)',
  );
  const list = db.prepare<[], Row>('SELECT parked_number, parked_at, draft FROM open_sales WHERE parked_number IS NOT NULL ORDER BY parked_number');
  const one = db.prepare<[number], Row>('SELECT parked_number, parked_at, draft FROM open_sales WHERE parked_number = ?');
  const removeSlot = db.prepare<[string]>('DELETE FROM open_sales WHERE slot = ?');
  const putInSlot = db.prepare<[string, string, number]>(
    `INSERT INTO open_sales (slot, draft, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (slot) DO UPDATE SET draft = excluded.draft, updated_at = excluded.updated_at`,
  );

  /** `number` is taken before anything is removed, so a sale recalled and one parked in its place never share one. */
  function park(fromSlot: string, draft: OpenSaleDraft, max: number, number = nextNumber.get()?.n ?? 1): ParkedSale {
    if ((count.get()?.n ?? 0) >= max) {
      throw new StoreError(`There are already ${max} parked sales; recall or charge one first.`);
    }
    const at = now();
    insert.run(parkedSlot(number), JSON.stringify(draft), at, number, at);
    removeSlot.run(fromSlot);
    return { number, parkedAt: at, draft };
  }

  return {
    parkSale(fromSlot, draft, max) {
      if (!hasContent(draft)) throw new StoreError('There is nothing to park: the sale has no products.');
      return db.transaction(() => park(fromSlot, draft, max)).immediate();
    },
    listParkedSales() {
      return list.all().map(toParked);
    },
    recallParkedSale(number, intoSlot, current, max) {
      return db.transaction(() => {
        const row = one.get(number);
        if (!row) return null;
        const numberForCurrent = nextNumber.get()?.n ?? 1;
        removeSlot.run(parkedSlot(number));
        // The recalled sale's place is free now, so a full list still lets the cashier swap.
        const parkedCurrent = hasContent(current) ? park(intoSlot, current, max, numberForCurrent).number : null;
        putInSlot.run(intoSlot, row.draft, now());
        return { recalled: toParked(row), parkedCurrent };
      }).immediate();
    },
  };
}
