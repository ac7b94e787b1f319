import type Database from 'better-sqlite3';
import type { InvoiceCustomer, InvoiceItem, InvoicePayment } from '../../../shared/api/invoice-request';
import { tenderCash, type CashTender } from '../../../shared/cash';
import { calculateTotals, type Amount, type DocumentTotals } from '../../../shared/money';
import { StoreError } from './errors';
import { invoiceBody } from './invoice-body';
import { openSaleClearer } from './open-sales';
import { saleSearch, type ReplacingSale, type SaleSearch, type SaleSearchResult } from './sale-search';
import { ENTRY_COLUMNS, toEntry, type ClosedAs, type OutboxEntry, type OutboxState } from './outbox';

export interface SaleInput {
  customer: InvoiceCustomer;
  items: InvoiceItem[];
  payment: InvoicePayment;
  /** null when no numbering range is known yet (first run offline); set later with assignRange. */
  numberingRangeId: string | null;
  /** Which invoicing service the sale is for (e.g. 'demo'); only that service's sync engine will send it. */
  service?: string;
  /** The open sale this charge comes from; cleared in the sale's own transaction (never charged twice after a crash). */
  openSaleSlot?: string;
  /** Cash handed over (efectivo): the sale is refused when it does not reach the amount due. */
  cashReceived?: number;
  /** Writes what else belongs to the sale (till, cashier, overrides used) inside the sale's own transaction. */
  stamp?: (saleId: number) => void;
}

export interface RecordedSale {
  saleId: number;
  entryId: number;
  referenceCode: string;
  /** Consecutive in this till's file, for the cashier to read out ("Caja 1 · 000123"). */
  shortNumber: number;
  totals: DocumentTotals;
  cash: CashTender | null;
}

export interface Sale {
  id: number;
  referenceCode: string;
  shortNumber: number;
  createdAt: number;
  customer: InvoiceCustomer;
  items: InvoiceItem[];
  payment: InvoicePayment;
  totals: DocumentTotals;
  payable: Amount;
  /** Received, asked for and change when paid in cash with the amount entered; null otherwise. */
  cash: CashTender | null;
  outbox: OutboxEntry;
  /** The till it was rung up at and who sold it ('' = before people were set up). */
  tillId: string;
  tillName: string;
  cashierName: string;
  /** Closed by a correction (voided or replaced): the outbox state stays `needs_attention`, yet it needs nothing more. */
  closed: ClosedAs | null;
  replacedBy: ReplacingSale | null;
}

export type { ReplacingSale, SaleSearch, SaleSearchResult, SaleSummary } from './sale-search';
export { shortNumberIn } from '../../../shared/sale-search-rule';

export interface Sales {
  recordSale(input: SaleInput): RecordedSale;
  /** Sets the numbering range of an entry stored without one; only before its first attempt. */
  assignRange(entryId: number, rangeId: string): OutboxEntry;
  /**
   * Swaps the range after the service refused the request as a whole for its range (so no document exists).
   * Only numbering_range_id changes in the body; the reference code, and with it idempotency, stays.
   */
  replaceRefusedRange(entryId: number, rangeId: string): OutboxEntry;
  getSale(id: number): Sale | null;
  getSaleByReference(referenceCode: string): Sale | null;
  searchSales(search: SaleSearch): SaleSearchResult;
}

interface SaleRow {
  id: number; reference_code: string; created_at: number; customer: string; items: string; payment: string;
  totals: string; payable: string; short_number: number | null;
  cash_received: string | null; cash_due: string | null; cash_change: string | null;
  till_id: string; till_name: string; cashier_name: string;
}

export function salesTable(db: Database.Database, now: () => number, nextReferenceCode: () => string): Sales {
  // The short number is taken inside the sale's own transaction (the unique index backs it up across processes).
  const insertSale = db.prepare<[string, number, string, string, string, string, string, string, string, string | null, string | null, string | null], { id: number; short_number: number }>(
    `INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, customer_name, customer_identification,
       cash_received, cash_due, cash_change, short_number)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT coalesce(max(short_number), 0) + 1 FROM sales)) RETURNING id, short_number`,
  );
  const insertEntry = db.prepare<[number, string, string | null, number, number, number, string], { id: number }>(
    `INSERT INTO outbox (sale_id, state, request_body, numbering_range_id, next_attempt_at, created_at, updated_at, service)
     VALUES (?, 'waiting', ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const selectSale = db.prepare<[number], SaleRow>('SELECT * FROM sales WHERE id = ?');
  const selectSaleByReference = db.prepare<[string], SaleRow>('SELECT * FROM sales WHERE reference_code = ?');
  const selectEntryOfSale = db.prepare<[number], Parameters<typeof toEntry>[0]>(
    `SELECT ${ENTRY_COLUMNS} FROM outbox o JOIN sales s ON s.id = o.sale_id WHERE o.sale_id = ?`,
  );
  const selectEntry = db.prepare<[number], Parameters<typeof toEntry>[0]>(
    `SELECT ${ENTRY_COLUMNS} FROM outbox o JOIN sales s ON s.id = o.sale_id WHERE o.id = ?`,
  );
  const selectClosing = db.prepare<[number], { closed: ClosedAs | null; id: number | null; short_number: number | null; till_name: string | null }>(
    `SELECT o.closed, r.id, r.short_number, r.till_name FROM outbox o LEFT JOIN sales r ON r.corrects_sale_id = o.sale_id WHERE o.sale_id = ?`,
  );
  const setRange = db.prepare<[string, string, number, number]>(
    'UPDATE outbox SET numbering_range_id = ?, request_body = ?, updated_at = ? WHERE id = ?',
  );
  const clearOpenSale = openSaleClearer(db);
  const selectOutcomes = db.prepare<[number], { outcome: string }>('SELECT outcome FROM outbox_attempts WHERE entry_id = ? ORDER BY id');

  function mustGetEntry(entryId: number): OutboxEntry {
    const row = selectEntry.get(entryId);
    if (!row) throw new StoreError(`There is no outbox entry ${entryId}.`);
    return toEntry(row);
  }

  function rebuildWithRange(entry: OutboxEntry, rangeId: string): OutboxEntry {
    const sale = selectSale.get(entry.saleId);
    if (!sale) throw new StoreError(`Sale ${entry.saleId} is missing.`);
    const body = invoiceBody({
      referenceCode: sale.reference_code, numberingRangeId: rangeId,
      customer: JSON.parse(sale.customer) as InvoiceCustomer, items: JSON.parse(sale.items) as InvoiceItem[],
      payment: JSON.parse(sale.payment) as InvoicePayment,
    });
    setRange.run(rangeId, body, now(), entry.id);
    return mustGetEntry(entry.id);
  }

  function toSale(row: SaleRow): Sale {
    const entry = selectEntryOfSale.get(row.id);
    if (!entry) throw new StoreError(`Sale ${row.reference_code} has no outbox entry.`);
    const closing = selectClosing.get(row.id);
    return {
      id: row.id, referenceCode: row.reference_code, shortNumber: row.short_number ?? row.id, createdAt: row.created_at,
      customer: JSON.parse(row.customer) as InvoiceCustomer, items: JSON.parse(row.items) as InvoiceItem[],
      payment: JSON.parse(row.payment) as InvoicePayment, totals: JSON.parse(row.totals) as DocumentTotals,
      payable: row.payable, outbox: toEntry(entry), tillId: row.till_id, tillName: row.till_name, cashierName: row.cashier_name,
      cash: row.cash_received !== null && row.cash_due !== null && row.cash_change !== null
        ? { received: row.cash_received, due: row.cash_due, change: row.cash_change } : null,
      closed: closing?.closed ?? null,
      replacedBy: closing === undefined || closing.id === null ? null
        : { id: closing.id, shortNumber: closing.short_number ?? closing.id, tillName: closing.till_name ?? '' },
    };
  }

  return {
    recordSale(input) {
      if (input.items.length === 0) throw new StoreError('A sale needs at least one item.');
      // The sale and its outbox entry commit together or not at all: a charged sale is never left unsent.
      return db.transaction((): RecordedSale => {
        const totals = calculateTotals(input.items);
        const cash = cashOf(input, totals.payable);
        const referenceCode = nextReferenceCode();
        const { cashReceived: _cash, ...request } = input;
        const body = invoiceBody({ referenceCode, ...request });
        const at = now();
        const sale = insertSale.get(
          referenceCode, at, JSON.stringify(input.customer), JSON.stringify(input.items), JSON.stringify(input.payment),
          JSON.stringify(totals), totals.payable, input.customer.name, input.customer.identification,
          cash?.received ?? null, cash?.due ?? null, cash?.change ?? null,
        );
        if (!sale) throw new StoreError('The sale was not recorded.');
        const entry = insertEntry.get(sale.id, body, input.numberingRangeId, at, at, at, input.service ?? '');
        if (!entry) throw new StoreError('The sale was not queued for invoicing.');
        if (input.openSaleSlot !== undefined) clearOpenSale(input.openSaleSlot);
        input.stamp?.(sale.id);
        return { saleId: sale.id, entryId: entry.id, referenceCode, shortNumber: sale.short_number, totals, cash };
      }).immediate();
    },

    assignRange(entryId, rangeId) {
      return db.transaction(() => {
        const entry = mustGetEntry(entryId);
        if (entry.numberingRangeId === rangeId) return entry;
        if (entry.numberingRangeId !== null) {
          throw new StoreError(`Sale ${entry.referenceCode} already uses numbering range ${entry.numberingRangeId}.`);
        }
        if (entry.attempts > 0) {
          throw new StoreError(`Sale ${entry.referenceCode} was already sent; its numbering range cannot change.`);
        }
        return rebuildWithRange(entry, rangeId);
      }).immediate();
    },

    replaceRefusedRange(entryId, rangeId) {
      return db.transaction(() => {
        const entry = mustGetEntry(entryId);
        const cannot = `Cannot change the numbering range of sale ${entry.referenceCode}`;
        if (entry.numberingRangeId === rangeId) throw new StoreError(`${cannot}: it already uses ${rangeId}.`);
        if (entry.state !== 'sending' && entry.state !== 'waiting') throw new StoreError(`${cannot} while it is ${entry.state}.`);
        const outcomes = selectOutcomes.all(entryId).map((a) => a.outcome);
        // Once the service has acknowledged a document, the invoice exists with its range; only a refusal allows a new one.
        if (entry.remoteId !== null || outcomes.some((o) => o === 'queued' || o === 'validated')) {
          throw new StoreError(`${cannot}: the service already holds its invoice.`);
        }
        if (outcomes.at(-1) !== 'permanent') throw new StoreError(`${cannot}: its last attempt was not refused by the service.`);
        return rebuildWithRange(entry, rangeId);
      }).immediate();
    },

    getSale(id) {
      const row = selectSale.get(id);
      return row ? toSale(row) : null;
    },

    getSaleByReference(referenceCode) {
      const row = selectSaleByReference.get(referenceCode);
      return row ? toSale(row) : null;
    },

    searchSales: saleSearch(db),
  };
}

/** The cash tender of a sale, or null; a cash sale paid short is never recorded (the bridge refuses it first). */
function cashOf(input: SaleInput, payable: Amount): CashTender | null {
  if (input.cashReceived === undefined) return null;
  if (input.payment.means_code !== '10') throw new StoreError('Cash received is only recorded for a cash payment (efectivo).');
  const reading = tenderCash(payable, input.cashReceived);
  if (!reading.ok) throw new StoreError(`The cash received does not reach the amount due (${reading.due}); ${reading.missing} missing.`);
  return reading.tender;
}
