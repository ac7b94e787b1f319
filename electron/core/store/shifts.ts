/**
 * Shifts in the store: opened with the drawer's cash, closed with the cash counted and the Z report frozen in the
 * same transaction that reads the shift's sales, so no sale can slip in between the figures and the close.
 * Sales join the open shift by trigger when they are recorded (migration 17); a correcting sale joins the shift of
 * the sale it corrects instead, and a closed shift lists the corrections made after its close beside its frozen Z.
 */
import type Database from 'better-sqlite3';
import type { InvoiceItem, InvoicePayment } from '../../../shared/api/invoice-request';
import type { Amount } from '../../../shared/money';
import { StoreError } from './errors';
import type { OutboxState } from './outbox';

export interface ShiftPerson { id: number | null; name: string }

export interface ShiftRecord {
  id: number;
  tillId: string;
  tillName: string;
  openedAt: number;
  openedBy: string;
  openingCash: Amount;
  closedAt: number | null;
  closedBy: string | null;
  countedCash: Amount | null;
  cashCount: unknown;
  /** The Z report as frozen at the close; null while open. */
  report: unknown;
}

/** One sale as a shift report reads it. */
export interface ShiftSale {
  id: number;
  createdAt: number;
  items: InvoiceItem[];
  payment: InvoicePayment;
  payable: Amount;
  state: OutboxState;
  cashierName: string;
}

/** A correction of one of a closed shift's sales, made after the close (what the frozen Z could not know). */
export interface ShiftCorrection {
  at: number;
  kind: 'same_reference' | 'new_reference' | 'void';
  personName: string;
  approvedByName: string | null;
  reason: string;
  /** The corrected sale's number at the till, and the new sale's (a correction with a new reference). */
  shortNumber: number;
  newShortNumber: number | null;
  before: { referenceCode: string; items: InvoiceItem[] };
  /** Null for a void. */
  after: { referenceCode: string; items: InvoiceItem[] } | null;
}

export interface UnsentSales {
  count: number;
  /** When the oldest unsent sale was recorded; null when none. */
  oldestAt: number | null;
}

export interface Shifts {
  /** This till's open shift, or null. */
  openShift(): ShiftRecord | null;
  /** Whether this till has ever opened a shift (shifts are in use here: a sale then needs an open one). */
  anyShift(): boolean;
  getShift(id: number): ShiftRecord | null;
  startShift(input: { tillId: string; tillName: string; openedBy: ShiftPerson; openingCash: Amount }): ShiftRecord;
  /** The shift's sales, oldest first. */
  shiftSales(id: number): ShiftSale[];
  /**
   * Closes an open shift: `report` is built inside the transaction from the shift and its sales as they are then,
   * and stored with the count. Refuses a shift that is closed or unknown.
   */
  closeShift(id: number, close: {
    closedBy: ShiftPerson; cashCount: unknown; countedCash: Amount;
    report(shift: ShiftRecord, sales: ShiftSale[], closedAt: number): unknown;
  }): ShiftRecord;
  /** Corrections of a closed shift's sales made after its close, oldest first; none while it is open. */
  correctionsAfterClose(id: number): ShiftCorrection[];
  /** Closed shifts, newest first (for reprinting a Z report). */
  listShifts(limit: number, offset: number): { shifts: ShiftRecord[]; total: number };
  /** Sales not yet confirmed by the service (waiting, sending, queued), and the oldest one's time. */
  unsentSales(): UnsentSales;
  /** How many unsent sales were recorded before `before` (the ones the status bar highlights). */
  unsentSalesBefore(before: number): number;
}

interface ShiftRow {
  id: number; till_id: string; till_name: string; opened_at: number; opened_by_name: string; opening_cash: string;
  closed_at: number | null; closed_by_name: string | null; counted_cash: string | null; cash_count: string | null; report: string | null;
}

interface ShiftSaleRow {
  id: number; created_at: number; items: string; payment: string; payable: string; state: OutboxState; cashier_name: string;
}

const toShift = (row: ShiftRow): ShiftRecord => ({
  id: row.id, tillId: row.till_id, tillName: row.till_name, openedAt: row.opened_at, openedBy: row.opened_by_name,
  openingCash: row.opening_cash, closedAt: row.closed_at, closedBy: row.closed_by_name, countedCash: row.counted_cash,
  cashCount: row.cash_count === null ? null : JSON.parse(row.cash_count),
  report: row.report === null ? null : JSON.parse(row.report),
});

const UNSENT = `state IN ('waiting','sending','queued')`;

export function shiftsTable(db: Database.Database, now: () => number): Shifts {
  const selectOpen = db.prepare<[], ShiftRow>('SELECT * FROM shifts WHERE closed_at IS NULL ORDER BY id DESC LIMIT 1');
  const selectShift = db.prepare<[number], ShiftRow>('SELECT * FROM shifts WHERE id = ?');
  const insertShift = db.prepare<[string, string, number, number | null, string, string], ShiftRow>(
    `INSERT INTO shifts (till_id, till_name, opened_at, opened_by_id, opened_by_name, opening_cash) VALUES (?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const selectSales = db.prepare<[number], ShiftSaleRow>(
    `SELECT s.id, s.created_at, s.items, s.payment, s.payable, o.state, s.cashier_name
     FROM sales s JOIN outbox o ON o.sale_id = s.id
     WHERE s.shift_id = ? AND o.closed IS NULL ORDER BY s.id` /* voided or replaced by a correction: never an invoice */,
  );
  const close = db.prepare<[number, number | null, string, string, string, string, number]>(
    `UPDATE shifts SET closed_at = ?, closed_by_id = ?, closed_by_name = ?, cash_count = ?, counted_cash = ?, report = ?
     WHERE id = ? AND closed_at IS NULL`,
  );
  const selectCorrections = db.prepare<[number], {
    at: number; kind: ShiftCorrection['kind']; person_name: string; approved_by_name: string | null; reason: string; before: string; after: string | null;
    short_number: number; new_short_number: number | null;
  }>(
    `SELECT c.at, c.kind, c.person_name, c.approved_by_name, c.reason, c.before, c.after, s.short_number, n.short_number AS new_short_number
     FROM sale_corrections c JOIN sales s ON s.id = c.sale_id JOIN shifts sh ON sh.id = s.shift_id LEFT JOIN sales n ON n.id = c.new_sale_id
     WHERE s.shift_id = ? AND sh.closed_at IS NOT NULL AND c.at >= sh.closed_at ORDER BY c.id`,
  );
  const selectClosed = db.prepare<[number, number], ShiftRow>('SELECT * FROM shifts WHERE closed_at IS NOT NULL ORDER BY closed_at DESC, id DESC LIMIT ? OFFSET ?');
  const countClosed = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM shifts WHERE closed_at IS NOT NULL');
  const selectAny = db.prepare<[], { one: number }>('SELECT 1 AS one FROM shifts LIMIT 1');
  const unsent = db.prepare<[], { n: number; oldest: number | null }>(`SELECT count(*) AS n, min(created_at) AS oldest FROM outbox WHERE ${UNSENT}`);
  const unsentBefore = db.prepare<[number], { n: number }>(`SELECT count(*) AS n FROM outbox WHERE ${UNSENT} AND created_at < ?`);

  const readSales = (id: number): ShiftSale[] => selectSales.all(id).map((r) => ({
    id: r.id, createdAt: r.created_at, items: JSON.parse(r.items) as InvoiceItem[], payment: JSON.parse(r.payment) as InvoicePayment,
    payable: r.payable, state: r.state, cashierName: r.cashier_name,
  }));

  return {
    openShift() {
      const row = selectOpen.get();
      return row ? toShift(row) : null;
    },
    anyShift: () => selectAny.get() !== undefined,
    getShift(id) {
      const row = selectShift.get(id);
      return row ? toShift(row) : null;
    },
    startShift(input) {
      return db.transaction(() => {
        const open = selectOpen.get();
        if (open) throw new StoreError(`Shift ${open.id} is already open; close it before opening another.`);
        const row = insertShift.get(input.tillId, input.tillName, now(), input.openedBy.id, input.openedBy.name, input.openingCash);
        if (!row) throw new StoreError('The shift was not opened.');
        return toShift(row);
      }).immediate();
    },
    shiftSales: readSales,
    closeShift(id, input) {
      return db.transaction(() => {
        const row = selectShift.get(id);
        if (!row) throw new StoreError(`There is no shift ${id}.`);
        if (row.closed_at !== null) throw new StoreError(`Shift ${id} is already closed.`);
        const closedAt = now();
        const report = input.report(toShift(row), readSales(id), closedAt);
        close.run(closedAt, input.closedBy.id, input.closedBy.name, JSON.stringify(input.cashCount), input.countedCash, JSON.stringify(report), id);
        const closed = selectShift.get(id);
        if (!closed) throw new StoreError(`Shift ${id} vanished.`);
        return toShift(closed);
      }).immediate();
    },
    correctionsAfterClose(id) {
      return selectCorrections.all(id).map((r) => {
        const before = JSON.parse(r.before) as ShiftCorrection['before'];
        const after = r.after === null ? null : JSON.parse(r.after) as NonNullable<ShiftCorrection['after']>;
        return {
          at: r.at, kind: r.kind, shortNumber: r.short_number, newShortNumber: r.new_short_number, personName: r.person_name, approvedByName: r.approved_by_name, reason: r.reason,
          before: { referenceCode: before.referenceCode, items: before.items },
          after: after === null ? null : { referenceCode: after.referenceCode, items: after.items },
        };
      });
    },
    listShifts(limit, offset) {
      return { shifts: selectClosed.all(limit, offset).map(toShift), total: countClosed.get()?.n ?? 0 };
    },
    unsentSales() {
      const row = unsent.get();
      return { count: row?.n ?? 0, oldestAt: row?.oldest ?? null };
    },
    unsentSalesBefore(before) {
      return unsentBefore.get(before)?.n ?? 0;
    },
  };
}
