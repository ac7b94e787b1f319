/**
 * Corrections of sales that need attention, and local voids, each recorded (who, what, before and after). Where the
 * service never stored the sale (its POST was refused outright) the corrected sale keeps its reference code; where
 * the service stored it and it was rejected, the correction is a new sale with a new reference linked to the first,
 * which is closed as `replaced`. The database's triggers (corrections-schema.ts) refuse anything else.
 */
import type Database from 'better-sqlite3';
import { classifyStatus } from '../../../shared/api/document';
import type { InvoiceCustomer, InvoiceItem, InvoicePayment } from '../../../shared/api/invoice-request';
import { tenderCash, type CashTender } from '../../../shared/cash';
import { calculateTotals } from '../../../shared/money';
import { StoreError } from './errors';
import { invoiceBody } from './invoice-body';
import type { AttemptOutcome, ClosedAs, OutboxEntry } from './outbox';
import type { Person } from './people';
import type { Sale, Sales } from './sales';

/** Where a sale stands for a correction or a void, decided from what the service was told and answered. */
export type SaleStanding =
  /** The service refused the POST and never stored it: correct it under the same reference, or void it. */
  | 'refused_at_creation'
  /** The service stored it and it was rejected: a correction is a new invoice with a new reference. */
  | 'rejected_after_validation'
  /** An attempt may have reached the service (no answer): it may hold the invoice, so nothing may change yet. */
  | 'maybe_stored'
  /** The service holds a document for it that is neither validated nor rejected: nothing may change yet. */
  | 'held_by_service'
  /** Not sent yet (or never reached the service): it may be voided. */
  | 'never_sent'
  /** Being sent or awaiting the tax authority. */
  | 'on_its_way'
  /** A valid invoice: only a credit note undoes it. */
  | 'validated'
  | 'voided'
  | 'replaced';

export type CorrectionKind = 'same_reference' | 'new_reference' | 'void';
export type { ClosedAs } from './outbox';

export interface SaleContent {
  customer: InvoiceCustomer;
  items: InvoiceItem[];
}

export interface CorrectionRecord {
  id: number;
  at: number;
  kind: CorrectionKind;
  saleId: number;
  newSaleId: number | null;
  personName: string;
  approvedByName: string | null;
  /** 'customer', 'items', 'customer, items' or 'void'. */
  what: string;
  reason: string;
  before: SaleContent & { referenceCode: string; remoteStatus: string | null; lastError: string | null };
  after: (SaleContent & { referenceCode: string }) | null;
}

/** Who made a correction: the person at the till, and the owner whose PIN allowed it (if it took one). */
export interface Actor {
  person: Person | null;
  approvedBy: Person | null;
}

export interface CorrectionInput {
  saleId: number;
  customer?: InvoiceCustomer;
  items?: InvoiceItem[];
  reason: string;
  actor: Actor;
}

export interface CorrectionDone {
  kind: Exclude<CorrectionKind, 'void'>;
  /** The sale to follow from now on: the same one, or the new one that replaces it. */
  saleId: number;
  entryId: number;
  referenceCode: string;
  shortNumber: number;
}

/** A correction or void the sale's standing does not allow; `standing` says why, for the screen's words. */
export class CorrectionRefused extends StoreError {
  constructor(message: string, readonly standing: SaleStanding) {
    super(message);
    this.name = 'CorrectionRefused';
  }
}

export interface Corrections {
  saleStanding(saleId: number): SaleStanding;
  /** The id of the sale's latest attempt to send it (null before the first). */
  latestAttemptId(saleId: number): number | null;
  /**
   * What the service said when asked by the sale's reference code: the document it holds, or none (`documentId`
   * null) as of attempt `asOfAttempt` (read before asking). Append-only; a void after "none" needs no later attempt.
   */
  recordServiceLookup(input: { saleId: number; asOfAttempt: number | null; documentId: string | null }): void;
  correctionsOf(saleId: number): CorrectionRecord[];
  /** The sale this one corrects, and the one that corrects it (null when none). */
  correctionLinks(saleId: number): { corrects: number | null; correctedBy: number | null };
  correctSale(input: CorrectionInput): CorrectionDone;
  voidSale(input: { saleId: number; reason: string; actor: Actor }): void;
}

/** What `standingOf` needs of one attempt: its order, what came of it, and whether it may have reached the service. */
export interface AttemptFacts {
  id: number;
  outcome: AttemptOutcome;
  mayHaveReached: boolean;
}

/**
 * The pure rule behind `saleStanding`; the triggers hold the same line in SQL (void-guard-schema.ts). `absentAsOf`:
 * the latest attempt as of which the service, asked by the reference code, said it has no such document.
 */
export function standingOf(
  entry: OutboxEntry, attempts: readonly AttemptFacts[], closed: ClosedAs | null, absentAsOf: number | null = null,
): SaleStanding {
  if (closed !== null) return closed;
  if (entry.state === 'validated') return 'validated';
  const outcomes = attempts.map((a) => a.outcome);
  const reached = entry.remoteId !== null || outcomes.some((o) => o === 'queued' || o === 'validated');
  const latest = attempts.at(-1)?.id ?? null;
  const confirmedAbsent = latest !== null && absentAsOf === latest;
  const mayHaveReached = !confirmedAbsent && attempts.some((a) => a.mayHaveReached || a.outcome === 'ambiguous');
  if (entry.state === 'needs_attention') {
    if (entry.remoteId !== null) {
      return classifyStatus(entry.remoteStatus ?? '') === 'rejected' ? 'rejected_after_validation' : 'held_by_service';
    }
    if (reached) return 'held_by_service';
    if (mayHaveReached) return 'maybe_stored';
    // Told absent after an attempt that may have reached it: void only (a same-reference correction needs a refusal).
    if (confirmedAbsent && attempts.some((a) => a.mayHaveReached || a.outcome === 'ambiguous')) return 'never_sent';
    return outcomes.at(-1) === 'permanent' ? 'refused_at_creation' : 'never_sent';
  }
  if (entry.state === 'waiting' && !reached) return mayHaveReached ? 'maybe_stored' : 'never_sent';
  return 'on_its_way';
}

interface CorrectionRow {
  id: number; at: number; kind: CorrectionKind; sale_id: number; new_sale_id: number | null; person_name: string;
  approved_by_name: string | null; what: string; reason: string; before: string; after: string | null;
}

export function correctionsTable(
  db: Database.Database, now: () => number, nextReferenceCode: () => string, sales: Pick<Sales, 'getSale'>,
): Corrections {
  const selectAttempts = db.prepare<[number], { id: number; outcome: AttemptOutcome; may_have_reached: 0 | 1 }>(
    'SELECT id, outcome, may_have_reached FROM outbox_attempts WHERE entry_id = ? ORDER BY id',
  );
  const selectAbsentAsOf = db.prepare<[number], { as_of_attempt: number | null }>(
    'SELECT as_of_attempt FROM service_lookups WHERE entry_id = ? AND found = 0 ORDER BY id DESC LIMIT 1',
  );
  const insertLookup = db.prepare<[number, number, number | null, 0 | 1, string | null]>(
    'INSERT INTO service_lookups (entry_id, at, as_of_attempt, found, document_id) VALUES (?, ?, ?, ?, ?)',
  );
  const selectClosed = db.prepare<[number], { closed: ClosedAs | null }>('SELECT closed FROM outbox WHERE id = ?');
  const selectRecords = db.prepare<[number, number], CorrectionRow>(
    `SELECT id, at, kind, sale_id, new_sale_id, person_name, approved_by_name, what, reason, before, after
     FROM sale_corrections WHERE sale_id = ? OR new_sale_id = ? ORDER BY id`,
  );
  const selectCorrects = db.prepare<[number], { corrects_sale_id: number | null }>('SELECT corrects_sale_id FROM sales WHERE id = ?');
  const selectCorrectedBy = db.prepare<[number], { id: number }>('SELECT id FROM sales WHERE corrects_sale_id = ?');
  const insertRecord = db.prepare<{
    at: number; kind: CorrectionKind; sale_id: number; new_sale_id: number | null; person_id: number | null; person_name: string;
    approved_by_id: number | null; approved_by_name: string | null; what: string; reason: string; before: string; after: string | null;
    body_after: string | null;
  }>(
    `INSERT INTO sale_corrections (at, kind, sale_id, new_sale_id, person_id, person_name, approved_by_id, approved_by_name, what, reason,
       before, after, body_after)
     VALUES (@at, @kind, @sale_id, @new_sale_id, @person_id, @person_name, @approved_by_id, @approved_by_name, @what, @reason,
       @before, @after, @body_after)`,
  );
  const updateSaleContent = db.prepare<{
    id: number; customer: string; items: string; totals: string; payable: string; name: string; identification: string;
    cash_due: string | null; cash_change: string | null;
  }>(
    `UPDATE sales SET customer = @customer, items = @items, totals = @totals, payable = @payable, customer_name = @name,
       customer_identification = @identification, cash_due = coalesce(@cash_due, cash_due), cash_change = coalesce(@cash_change, cash_change)
     WHERE id = @id`,
  );
  const resend = db.prepare<[string, number, number, number]>(
    `UPDATE outbox SET request_body = ?, state = 'waiting', next_attempt_at = ?, updated_at = ? WHERE id = ?`,
  );
  const insertCorrectingSale = db.prepare<{
    reference_code: string; customer: string; items: string; totals: string; payable: string; name: string; identification: string;
    cash_due: string | null; cash_change: string | null; first: number;
  }, { id: number; short_number: number }>(
    `INSERT INTO sales (reference_code, created_at, customer, items, payment, totals, payable, customer_name, customer_identification,
       cash_received, cash_due, cash_change, short_number, till_id, till_name, cashier_id, cashier_name, corrects_sale_id, shift_id)
     SELECT @reference_code, created_at, @customer, @items, payment, @totals, @payable, @name, @identification,
       cash_received, @cash_due, @cash_change, (SELECT coalesce(max(short_number), 0) + 1 FROM sales),
       till_id, till_name, cashier_id, cashier_name, id, shift_id
     FROM sales WHERE id = @first
     RETURNING id, short_number`,
  );
  const insertEntry = db.prepare<[number, string, string | null, number, number, number, string], { id: number }>(
    `INSERT INTO outbox (sale_id, state, request_body, numbering_range_id, next_attempt_at, created_at, updated_at, service)
     VALUES (?, 'waiting', ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const close = db.prepare<[ClosedAs, number, number]>(`UPDATE outbox SET closed = ?, state = 'needs_attention', updated_at = ? WHERE id = ?`);

  function mustGetSale(saleId: number): Sale {
    const sale = sales.getSale(saleId);
    if (!sale) throw new StoreError(`There is no sale ${saleId}.`);
    return sale;
  }

  function attemptsOf(entryId: number): AttemptFacts[] {
    return selectAttempts.all(entryId).map((r) => ({ id: r.id, outcome: r.outcome, mayHaveReached: r.may_have_reached === 1 }));
  }

  function standing(sale: Sale): SaleStanding {
    const absentAsOf = selectAbsentAsOf.get(sale.outbox.id)?.as_of_attempt ?? null;
    return standingOf(sale.outbox, attemptsOf(sale.outbox.id), selectClosed.get(sale.outbox.id)?.closed ?? null, absentAsOf);
  }

  function record(kind: CorrectionKind, sale: Sale, actor: Actor, what: string, reason: string,
    after: (SaleContent & { referenceCode: string }) | null, extra: { newSaleId?: number; bodyAfter?: string } = {}): void {
    insertRecord.run({
      at: now(), kind, sale_id: sale.id, new_sale_id: extra.newSaleId ?? null,
      person_id: actor.person?.id ?? null, person_name: actor.person?.name ?? '',
      approved_by_id: actor.approvedBy?.id ?? null, approved_by_name: actor.approvedBy?.name ?? null, what, reason,
      before: JSON.stringify({
        customer: sale.customer, items: sale.items, referenceCode: sale.referenceCode,
        remoteStatus: sale.outbox.remoteStatus, lastError: sale.outbox.lastError,
      }),
      after: after === null ? null : JSON.stringify(after), body_after: extra.bodyAfter ?? null,
    });
  }

  /** The cash tender for the corrected total: the cash handed over stays what it was. */
  function cashFor(sale: Sale, payable: string): CashTender | null {
    if (sale.cash === null) return null;
    const reading = tenderCash(payable, sale.cash.received);
    if (!reading.ok) {
      throw new CorrectionRefused(
        `The cash received (${sale.cash.received}) does not reach the corrected amount due (${reading.due}); the lines cannot be corrected this way.`,
        standing(sale),
      );
    }
    return reading.tender;
  }

  return {
    saleStanding(saleId) {
      return standing(mustGetSale(saleId));
    },

    latestAttemptId(saleId) {
      return attemptsOf(mustGetSale(saleId).outbox.id).at(-1)?.id ?? null;
    },

    recordServiceLookup({ saleId, asOfAttempt, documentId }) {
      insertLookup.run(mustGetSale(saleId).outbox.id, now(), asOfAttempt, documentId === null ? 0 : 1, documentId);
    },

    correctionsOf(saleId) {
      return selectRecords.all(saleId, saleId).map((r) => ({
        id: r.id, at: r.at, kind: r.kind, saleId: r.sale_id, newSaleId: r.new_sale_id, personName: r.person_name,
        approvedByName: r.approved_by_name, what: r.what, reason: r.reason,
        before: JSON.parse(r.before) as CorrectionRecord['before'],
        after: r.after === null ? null : (JSON.parse(r.after) as CorrectionRecord['after']),
      }));
    },

    correctionLinks(saleId) {
      return { corrects: selectCorrects.get(saleId)?.corrects_sale_id ?? null, correctedBy: selectCorrectedBy.get(saleId)?.id ?? null };
    },

    correctSale(input) {
      return db.transaction((): CorrectionDone => {
        const sale = mustGetSale(input.saleId);
        const where = standing(sale);
        if (where !== 'refused_at_creation' && where !== 'rejected_after_validation') {
          throw new CorrectionRefused(`Sale ${sale.referenceCode} cannot be corrected now (${where}).`, where);
        }
        const customer = input.customer ?? sale.customer;
        const items = input.items ?? sale.items;
        const changed = [
          JSON.stringify(customer) !== JSON.stringify(sale.customer) ? 'customer' : null,
          JSON.stringify(items) !== JSON.stringify(sale.items) ? 'items' : null,
        ].filter((w): w is string => w !== null);
        if (changed.length === 0) throw new CorrectionRefused(`Nothing in sale ${sale.referenceCode} was changed.`, where);
        const totals = calculateTotals(items);
        const cash = cashFor(sale, totals.payable);
        const payment: InvoicePayment = sale.payment;
        const content = {
          customer: JSON.stringify(customer), items: JSON.stringify(items), totals: JSON.stringify(totals), payable: totals.payable,
          name: customer.name, identification: customer.identification, cash_due: cash?.due ?? null, cash_change: cash?.change ?? null,
        };
        const at = now();
        if (where === 'refused_at_creation') {
          // The service never stored it, so the same reference with the corrected body makes exactly one invoice.
          const body = invoiceBody({ referenceCode: sale.referenceCode, numberingRangeId: sale.outbox.numberingRangeId, customer, items, payment });
          record('same_reference', sale, input.actor, changed.join(', '), input.reason,
            { customer, items, referenceCode: sale.referenceCode }, { bodyAfter: body });
          updateSaleContent.run({ id: sale.id, ...content });
          resend.run(body, at, at, sale.outbox.id);
          return { kind: 'same_reference', saleId: sale.id, entryId: sale.outbox.id, referenceCode: sale.referenceCode, shortNumber: sale.shortNumber };
        }
        // The service keeps the rejected document under the first reference; the correction is a new invoice. It
        // belongs to the first sale's shift (its cash was taken there), never to the shift open when it is made.
        const referenceCode = nextReferenceCode();
        const body = invoiceBody({ referenceCode, numberingRangeId: sale.outbox.numberingRangeId, customer, items, payment });
        const added = insertCorrectingSale.get({ reference_code: referenceCode, first: sale.id, ...content });
        if (!added) throw new StoreError('The corrected sale was not recorded.');
        const entry = insertEntry.get(added.id, body, sale.outbox.numberingRangeId, at, at, at, sale.outbox.service);
        if (!entry) throw new StoreError('The corrected sale was not queued for invoicing.');
        record('new_reference', sale, input.actor, changed.join(', '), input.reason, { customer, items, referenceCode }, { newSaleId: added.id });
        close.run('replaced', at, sale.outbox.id);
        return { kind: 'new_reference', saleId: added.id, entryId: entry.id, referenceCode, shortNumber: added.short_number };
      }).immediate();
    },

    voidSale(input) {
      db.transaction(() => {
        const sale = mustGetSale(input.saleId);
        const where = standing(sale);
        if (where !== 'refused_at_creation' && where !== 'never_sent') {
          throw new CorrectionRefused(`Sale ${sale.referenceCode} cannot be voided here (${where}).`, where);
        }
        record('void', sale, input.actor, 'void', input.reason, null);
        close.run('voided', now(), sale.outbox.id);
      }).immediate();
    },
  };
}
