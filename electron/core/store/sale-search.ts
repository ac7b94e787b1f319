/**
 * History search at a busy shop's scale (200 000 sales and more). Each way the text can match (the trigram index
 * over reference, buyer, identification and invoice number; the short sale number; a CUFE prefix) is asked for its
 * newest sales separately, every filter applied inside, and the answers are merged newest first. Counting stops at
 * `LIMITS.historyCountCap`: counting every match was what made the old search slow, and "more than 1 000" is all a
 * person reads from a larger number.
 * Exact matches come first, whatever their age: the reading of the text and the order of the ranks are the shared
 * rule the shop server's History follows too (`shared/sale-search-rule.ts`); a sale number typed bare lists that
 * sale before the 700 newer sales whose reference or buyer merely contains those digits. This file brings the SQL.
 */
import type Database from 'better-sqlite3';
import { DEFAULT_TILL_NAME } from '../../../shared/bridge/contract';
import { LIMITS } from '../../../shared/limits';
import {
  cufePrefixIn, identificationIn, invoiceNumberIn, isWrittenSaleNumber, MIN_FRAGMENT, rankMatches, SEARCH_RANK as RANK, shortNumberIn,
  tillNameIn,
} from '../../../shared/sale-search-rule';
import type { ClosedAs, OutboxState } from './outbox';

export interface SaleSummary {
  id: number;
  entryId: number;
  referenceCode: string;
  shortNumber: number;
  createdAt: number;
  customerName: string;
  customerIdentification: string;
  payable: string;
  state: OutboxState;
  fullNumber: string | null;
  remoteStatus: string | null;
  tillId: string;
  tillName: string;
  cashierName: string;
  paymentMeans: string;
  /** Closed by a correction (migration 16): its outbox state stays `needs_attention`, but it needs nothing more. */
  closed: ClosedAs | null;
  /** The sale that replaced it (closed as `replaced`), for "Reemplazada por Caja 1 · 000124". */
  replacedBy: ReplacingSale | null;
}

/** The sale that replaced a closed one; summaries and the detail carry it. */
export interface ReplacingSale { id: number; shortNumber: number; tillName: string }

export interface SaleSearch {
  /**
   * Matches (3 characters or more) any part of the reference code, the full invoice number, the buyer's name
   * (accents and case ignored) or identification (a NIT may carry its DV: "900373115-3"); digits also the short
   * number ("123", "Caja 1 · 000123"); 4 or more hex characters also the start of the CUFE.
   */
  text?: string;
  /** Creation time window in epoch milliseconds: from inclusive, to exclusive. */
  from?: number;
  to?: number;
  /** `needs_attention` leaves out the sales a correction closed (voided or replaced): they need nothing more. */
  state?: OutboxState;
  /** Only the sales rung up at this till. */
  tillId?: string;
  /** Only the sales this person rang up. */
  cashierId?: number;
  /** Only the sales paid by this means (code, e.g. '10' efectivo). */
  paymentMeans?: string;
  limit: number;
  offset?: number;
}

export interface SaleSearchResult {
  sales: SaleSummary[];
  /** Matches found, exact unless `capped`. */
  total: number;
  /** True when there are more matches than `total` (counting stopped at the cap). */
  capped: boolean;
}

/** The trigram index's query for a literal substring (quotes doubled; the tokenizer folds case and accents). */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** The smallest string greater than every string starting with `prefix` (for an index range). */
function afterPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** Buyers a text may name before their sales are read in one sorted pass instead of one ordered walk each. */
const MAX_BUYERS = 20;

interface SummaryRow {
  id: number; entry_id: number; reference_code: string; short_number: number | null; created_at: number; customer_name: string;
  customer_identification: string; payable: string; state: OutboxState; full_number: string | null; remote_status: string | null;
  till_id: string; till_name: string; cashier_name: string; payment_means: string | null; closed: ClosedAs | null;
  replaced_by_id: number | null; replaced_by_short_number: number | null; replaced_by_till_name: string | null;
}

export function saleSearch(db: Database.Database): (search: SaleSearch) => SaleSearchResult {
  const ownTill = db.prepare<[], { value: string }>(`SELECT value FROM settings WHERE key = 'till_id'`);
  const ownName = db.prepare<[], { value: string }>(`SELECT value FROM settings WHERE key = 'till_name'`);
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  return (search) => {
    const params: Record<string, string | number> = {};
    const where: string[] = [];
    const text = search.text?.trim() ?? '';
    const ranged = search.from !== undefined || search.to !== undefined;
    // The text's own index decides when there is text; else a time window's (a walk back from its end). '+' keeps
    // the filters' indexes from being chosen over it, which would read every validated sale to find one buyer's.
    const other = ranged || text !== '' ? '+' : '';
    const time = text !== '' ? '+' : '';
    if (search.from !== undefined) { where.push(`${time}s.created_at >= @from`); params.from = search.from; }
    if (search.to !== undefined) { where.push(`${time}s.created_at < @to`); params.to = search.to; }
    if (search.tillId !== undefined) { where.push(`${other}s.till_id = @tillId`); params.tillId = search.tillId; }
    if (search.cashierId !== undefined) { where.push(`${other}s.cashier_id = @cashierId`); params.cashierId = search.cashierId; }
    if (search.paymentMeans !== undefined) { where.push(`${other}s.payment_means = @paymentMeans`); params.paymentMeans = search.paymentMeans; }
    const byState = search.state !== undefined;
    // One condition, so a lone state filter still walks its (state, sale_id) index newest first.
    const open = search.state === 'needs_attention' ? ' AND o.closed IS NULL' : '';
    if (byState) { where.push(`${other}o.state = @state${open}`); params.state = search.state as string; }
    const filters = where.map((w) => ` AND ${w}`).join('');
    // The outbox is joined only to filter on its state; its (state, sale_id) index then gives newest first.
    const joinOutbox = byState ? ' JOIN outbox o ON o.sale_id = s.id' : '';

    const offset = Math.max(0, Math.floor(search.offset ?? 0));
    const limit = Math.max(0, Math.floor(search.limit));
    // Each way of matching returns at most this many, newest first: enough for the page and for the count.
    const each = Math.max(offset + limit, LIMITS.historyCountCap) + 1;
    params.each = each;

    // `rank` is a RANK, or an SQL expression giving one per row.
    const sources: Array<{ sql: string; values?: Record<string, string | number>; rank: number | string }> = [];
    if (text === '') {
      // Sales are numbered as they are recorded, so newest first is id order; a time window walks its own index
      // (created_at, id), the same order unless the clock was set back.
      const order = ranged ? 's.created_at DESC, s.id DESC' : byState && where.length === 1 ? 'o.sale_id DESC' : 's.id DESC';
      sources.push({ sql: `SELECT s.id FROM sales s${joinOutbox} WHERE 1${filters} ORDER BY ${order} LIMIT @each`, rank: RANK.fragment });
    } else if (isWrittenSaleNumber(text)) {
      // A sale number as the till writes it («000002», «Caja 2 · 000002»): that sale and nothing else, never an
      // invoice or reference that merely contains those digits (the shop server's History reads it the same way).
      const shortNumber = shortNumberIn(text)!;
      const namedTill = tillNameIn(text)?.replace(/\s+/g, ' ') ?? null;
      if (namedTill !== null) {
        // A sale written before sales kept their till's name (or by a path that does not stamp it) is this till's,
        // under the name it has now.
        sources.push({
          sql: `SELECT s.id FROM sales s${joinOutbox} WHERE s.short_number = @shortNumber
            AND lower(CASE WHEN s.till_name = '' THEN @currentName ELSE s.till_name END) = lower(@namedTill)${filters}`,
          values: { shortNumber, namedTill, currentName: ownName.get()?.value.trim() || DEFAULT_TILL_NAME }, rank: RANK.ownTillNumber,
        });
      } else {
        sources.push({
          sql: `SELECT s.id FROM sales s${joinOutbox} WHERE s.short_number = @shortNumber${filters}`,
          values: { shortNumber, ownTill: ownTill.get()?.value ?? '' },
          rank: `CASE WHEN s.till_id = @ownTill THEN ${RANK.ownTillNumber} ELSE ${RANK.otherTillNumber} END`,
        });
      }
    } else {
      const identification = identificationIn(text);
      const words = identification ?? text;
      if ([...words].length >= MIN_FRAGMENT) {
        sources.push({
          sql: `SELECT s.id FROM sales_by_reference JOIN sales s ON s.id = sales_by_reference.rowid${joinOutbox}
            WHERE sales_by_reference MATCH @words${filters} ORDER BY sales_by_reference.rowid DESC LIMIT @each`,
          values: { words: phrase(words) },
          rank: RANK.fragment,
        });
        const buyers = prepared(
          `SELECT b.identification, b.name FROM sale_buyers_search f JOIN sale_buyers b ON b.id = f.rowid
           WHERE sale_buyers_search MATCH ? LIMIT ${MAX_BUYERS + 1}`,
        ).all(phrase(words)) as Array<{ identification: string; name: string }>;
        if (buyers.length <= MAX_BUYERS) {
          // One ordered walk per buyer's identification: newest first straight from its index.
          for (const buyer of buyers) {
            sources.push({
              sql: `SELECT s.id FROM sales s${joinOutbox} WHERE s.customer_identification = @buyer AND s.customer_name = @buyerName${filters}
                ORDER BY s.id DESC LIMIT @each`,
              values: { buyer: buyer.identification, buyerName: buyer.name },
              rank: RANK.fragment,
            });
          }
        } else {
          // A very common word ("gómez"): every sale of those buyers, sorted once.
          sources.push({
            sql: `SELECT s.id FROM sales s${joinOutbox} WHERE (s.customer_identification, s.customer_name) IN (
                    SELECT b.identification, b.name FROM sale_buyers_search f JOIN sale_buyers b ON b.id = f.rowid WHERE sale_buyers_search MATCH @words
                  )${filters} ORDER BY s.id DESC LIMIT @each`,
            values: { words: phrase(words) },
            rank: RANK.fragment,
          });
        }
      }
      if (identification !== null) {
        // The NIT or cédula typed whole: that buyer's sales, newest first, ahead of buyers that merely contain it.
        sources.push({
          sql: `SELECT s.id FROM sales s${joinOutbox} WHERE s.customer_identification = @identification${filters} ORDER BY s.id DESC LIMIT @each`,
          values: { identification }, rank: RANK.identification,
        });
      }
      const shortNumber = shortNumberIn(text);
      if (shortNumber !== null) {
        sources.push({
          sql: `SELECT s.id FROM sales s${joinOutbox} WHERE s.short_number = @shortNumber${filters}`,
          values: { shortNumber, ownTill: ownTill.get()?.value ?? '' },
          rank: `CASE WHEN s.till_id = @ownTill THEN ${RANK.ownTillNumber} ELSE ${RANK.otherTillNumber} END`,
        });
      }
      const number = invoiceNumberIn(text);
      if (number !== null) {
        // The invoice number from its start, with or without its prefix letters ("SETP990000123", "990000123").
        sources.push({
          sql: `SELECT s.id FROM outbox n JOIN sales s ON s.id = n.sale_id${joinOutbox}
            WHERE n.full_number IS NOT NULL AND upper(n.full_number) >= @numberFrom AND upper(n.full_number) < @numberTo${filters} LIMIT @each`,
          values: { numberFrom: number, numberTo: afterPrefix(number) },
          // The index is read in order, so the number typed whole (the shortest match) is never cut off by the limit.
          rank: `CASE WHEN upper(n.full_number) = @numberFrom THEN ${RANK.invoiceNumber} ELSE ${RANK.invoicePrefix} END`,
        });
        if (/^\d+$/.test(text)) {
          sources.push({
            sql: `SELECT s.id FROM outbox n JOIN sales s ON s.id = n.sale_id${joinOutbox}
              WHERE n.full_number IS NOT NULL AND ltrim(upper(n.full_number), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ-_ ') >= @digitsFrom
                AND ltrim(upper(n.full_number), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ-_ ') < @digitsTo${filters} LIMIT @each`,
            values: { digitsFrom: text, digitsTo: afterPrefix(text) },
            rank: `CASE WHEN ltrim(upper(n.full_number), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ-_ ') = @digitsFrom
              THEN ${RANK.invoiceNumber} ELSE ${RANK.invoicePrefix} END`,
          });
        }
      }
      const cufe = cufePrefixIn(text);
      if (cufe !== null) {
        sources.push({
          sql: `SELECT s.id FROM outbox c JOIN sales s ON s.id = c.sale_id${joinOutbox}
            WHERE c.cufe IS NOT NULL AND lower(c.cufe) >= @cufeFrom AND lower(c.cufe) < @cufeTo${filters} LIMIT @each`,
          values: { cufeFrom: cufe, cufeTo: afterPrefix(cufe) },
          rank: RANK.cufePrefix,
        });
      }
    }

    // Each sale keeps the best rank it was found by; sales are numbered as they are recorded, so the id is the age.
    const found: Array<{ key: number; rank: number; at: number }> = [];
    let capped = false;
    for (const { sql: select, values, rank } of sources) {
      const sql = select.replace(/^SELECT s\.id /, `SELECT s.id, ${rank} AS rank `);
      const all = { ...params, ...values };
      const used = Object.fromEntries(Object.entries(all).filter(([key]) => sql.includes(`@${key}`)));
      const rows = prepared(sql).raw().all(used) as Array<[number, number]>;
      if (rows.length >= each) capped = true;
      for (const [id, rank] of rows) found.push({ key: id, rank, at: id });
    }
    const ordered = rankMatches(found);
    const page = ordered.slice(offset, offset + limit);
    return {
      sales: page.length === 0 ? [] : summaries(page),
      total: capped ? Math.min(ordered.length, each - 1) : ordered.length,
      capped,
    };
  };

  function summaries(ids: number[]): SaleSummary[] {
    const rows = prepared(
      `SELECT s.id, o.id AS entry_id, s.reference_code, s.short_number, s.created_at, s.customer_name, s.customer_identification,
              s.payable, o.state, o.full_number, o.remote_status, s.till_id, s.till_name, s.cashier_name, s.payment_means,
              o.closed, r.id AS replaced_by_id, r.short_number AS replaced_by_short_number, r.till_name AS replaced_by_till_name
       FROM sales s JOIN outbox o ON o.sale_id = s.id LEFT JOIN sales r ON r.corrects_sale_id = s.id WHERE s.id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as SummaryRow[];
    // In the page's order (best rank first), not the query's.
    const position = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    return rows.map((r) => ({
      id: r.id, entryId: r.entry_id, referenceCode: r.reference_code, shortNumber: r.short_number ?? r.id, createdAt: r.created_at,
      customerName: r.customer_name, customerIdentification: r.customer_identification, payable: r.payable, state: r.state,
      fullNumber: r.full_number, remoteStatus: r.remote_status, tillId: r.till_id, tillName: r.till_name, cashierName: r.cashier_name,
      paymentMeans: r.payment_means ?? '', closed: r.closed,
      replacedBy: r.replaced_by_id === null ? null
        : { id: r.replaced_by_id, shortNumber: r.replaced_by_short_number ?? r.replaced_by_id, tillName: r.replaced_by_till_name ?? '' },
    }));
  }
}
