/**
 * History over every till's sales at the shop server, by the till's rule (shared/sale-search-rule.ts): each way the
 * text can match is asked for its newest matches separately, through its own index (migration 2), with every filter
 * inside; the answers are merged by rank, newest first within a rank. Counting stops at the cap.
 */
import {
  cufePrefixIn, identificationIn, invoiceNumberIn, isWrittenSaleNumber, MIN_FRAGMENT, rankMatches, SEARCH_RANK, shortNumberIn, tillNameIn,
} from '../../shared/sale-search-rule';
import { foldText } from '../../shared/folded-text';
import { BACK_OFFICE_LIMITS, type SaleDetail, type SaleSummary, type SalesPage, type SalesQuery } from '../../shared/shop/back-office';
import type { PushedSale } from '../../shared/shop/contract';
import type { Queryable } from '../db/adapter';

/** One way of matching: its condition, its rank (a number or an SQL expression), the index order it is read in. */
interface Source { where: string; rank: string; order?: string }

/** `%`, `_` and `\\` typed by a person are literal characters in LIKE. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchSales(db: Queryable, query: SalesQuery, askingTillId: string | null = null): Promise<SalesPage> {
  const limit = query.limit ?? BACK_OFFICE_LIMITS.pageSize;
  const offset = query.offset ?? 0;
  const each = Math.max(offset + limit, BACK_OFFICE_LIMITS.countCap) + 1;
  const text = query.q?.trim() ?? '';
  // Each source is built with its own parameter list: the filters' values first, then its own.
  const ways: Array<(p: (value: unknown) => string) => Source> = [];
  if (text === '') {
    ways.push(() => ({ where: 'TRUE', rank: String(SEARCH_RANK.fragment) }));
  } else {
    const saleNumber = shortNumberIn(text);
    const namedTill = tillNameIn(text)?.replace(/\s+/g, ' ') ?? null;
    if (saleNumber !== null && namedTill !== null) {
      // "Caja 2 · 000123": the sale made with that name and number, and nothing else (the name it was made with,
      // kept with the pushed sale; the till's current name for sales pushed before tills sent it).
      ways.push((p) => ({
        where: `s.sale_number = ${p(saleNumber)} AND lower(coalesce(s.data->>'tillName', t.name)) = lower(${p(namedTill)})`,
        rank: String(SEARCH_RANK.ownTillNumber),
      }));
    } else if (saleNumber !== null) {
      // The till asking comes first; then the other tills' sale of that number.
      ways.push((p) => {
        const first = askingTillId !== null ? `s.till_id = ${p(askingTillId)}` : 'FALSE';
        return { where: `s.sale_number = ${p(saleNumber)}`, rank: `CASE WHEN ${first} THEN ${SEARCH_RANK.ownTillNumber} ELSE ${SEARCH_RANK.otherTillNumber} END` };
      });
    }
    // A till's name typed whole ("Caja 2"): every sale of that till, newest first, ahead of fragments.
    const tillIds = namedTill === null ? await tillsNamed(db, text) : [];
    if (tillIds.length > 0) ways.push((p) => ({ where: `s.till_id = ANY(${p(tillIds)}::text[])`, rank: String(SEARCH_RANK.ownTillNumber) }));
  }
  if (text !== '' && !isWrittenSaleNumber(text)) {
    const number = invoiceNumberIn(text);
    if (number !== null) {
      // Read in the index's order so the number typed whole (the shortest match) is never cut off by the limit.
      ways.push((p) => ({
        where: `s.full_number IS NOT NULL AND upper(s.full_number) COLLATE "C" LIKE ${p(`${likeLiteral(number)}%`)}`,
        rank: `CASE WHEN upper(s.full_number) = ${p(number)} THEN ${SEARCH_RANK.invoiceNumber} ELSE ${SEARCH_RANK.invoicePrefix} END`,
        order: 'upper(s.full_number) COLLATE "C"',
      }));
      if (/^\d+$/.test(number)) {
        ways.push((p) => ({
          where: `s.invoice_digits IS NOT NULL AND s.invoice_digits COLLATE "C" LIKE ${p(`${number}%`)}`,
          rank: `CASE WHEN s.invoice_digits = ${p(number)} THEN ${SEARCH_RANK.invoiceNumber} ELSE ${SEARCH_RANK.invoicePrefix} END`,
          order: 's.invoice_digits COLLATE "C"',
        }));
      }
    }
    const identification = identificationIn(text);
    if (identification !== null) {
      ways.push((p) => ({ where: `s.customer_identification = ${p(identification)}`, rank: String(SEARCH_RANK.identification) }));
    }
    const cufe = cufePrefixIn(text);
    if (cufe !== null) {
      ways.push((p) => ({
        where: `s.cufe IS NOT NULL AND s.cufe COLLATE "C" LIKE ${p(`${cufe}%`)}`, rank: String(SEARCH_RANK.cufePrefix), order: 's.cufe COLLATE "C"',
      }));
    }
    const fragment = foldText(identification ?? text);
    if ([...fragment].length >= MIN_FRAGMENT) {
      ways.push((p) => ({ where: `s.search_text LIKE ${p(`%${likeLiteral(fragment)}%`)}`, rank: String(SEARCH_RANK.fragment) }));
    }
  }

  const found: Array<{ key: string; rank: number; at: number }> = [];
  let capped = false;
  for (const way of ways) {
    const values: unknown[] = [];
    const p = (value: unknown): string => `$${values.push(value)}`;
    const filters: string[] = [];
    if (query.from !== undefined) filters.push(`s.created_at >= ${p(query.from)}`);
    if (query.to !== undefined) filters.push(`s.created_at < ${p(query.to)}`);
    if (query.till !== undefined) filters.push(`s.till_id = (SELECT id FROM tills WHERE number = ${p(query.till)})`);
    if (query.state !== undefined) filters.push(`s.state = ${p(query.state)}`);
    const source = way(p);
    const { rows } = await db.query<{ reference_code: string; created_at: number; rank: number }>(
      `SELECT s.reference_code, s.created_at, ${source.rank} AS rank FROM sales s JOIN tills t ON t.id = s.till_id
        WHERE ${source.where}${filters.map((f) => ` AND ${f}`).join('')}
        ORDER BY ${source.order ? `${source.order}, ` : ''}s.created_at DESC LIMIT ${each}`,
      values,
    );
    if (rows.length >= each) capped = true;
    for (const r of rows) found.push({ key: r.reference_code, rank: Number(r.rank), at: Number(r.created_at) });
  }
  const ordered = rankMatches(found);
  const page = ordered.slice(offset, offset + limit);
  return {
    sales: page.length === 0 ? [] : await summaries(db, page),
    total: capped ? Math.min(ordered.length, each - 1) : ordered.length,
    capped,
  };
}

/** The tills whose name is the text typed (case, accents and spaces aside). */
async function tillsNamed(db: Queryable, text: string): Promise<string[]> {
  const key = foldText(text);
  const { rows } = await db.query<{ id: string; name: string }>('SELECT id, name FROM tills');
  return rows.filter((r) => foldText(r.name) === key).map((r) => r.id);
}

interface SummaryRow {
  reference_code: string; till_id: string; till_number: number; till_name: string; sale_number: number; created_at: number;
  cashier_name: string; customer_name: string; customer_identification: string; total: string; payment_means: string;
  state: SaleSummary['state']; full_number: string | null; corrects: string | null; corrected_by: string | null;
  clock_offset_ms: number | null; sale_till_name: string;
}

const SUMMARY_COLUMNS = `s.reference_code, s.till_id, t.number AS till_number, t.name AS till_name, s.sale_number, s.created_at,
  s.cashier_name, s.customer_name, s.customer_identification, s.total::numeric(19, 2)::text AS total, s.payment_means, s.state,
  s.full_number, s.corrects, s.corrected_by, s.clock_offset_ms, coalesce(s.data->>'tillName', t.name) AS sale_till_name`;

const toSummary = (r: SummaryRow): SaleSummary => ({
  referenceCode: r.reference_code, tillId: r.till_id, tillNumber: Number(r.till_number), tillName: r.till_name,
  saleNumber: Number(r.sale_number), createdAt: Number(r.created_at), cashierName: r.cashier_name, customerName: r.customer_name,
  customerIdentification: r.customer_identification, total: r.total, paymentMeans: r.payment_means, state: r.state,
  fullNumber: r.full_number, corrects: r.corrects, correctedBy: r.corrected_by,
  clockOffsetMs: r.clock_offset_ms === null ? null : Number(r.clock_offset_ms),
  saleTillName: r.sale_till_name,
});

async function summaries(db: Queryable, refs: string[]): Promise<SaleSummary[]> {
  const { rows } = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM sales s JOIN tills t ON t.id = s.till_id WHERE s.reference_code = ANY($1::text[])`, [refs]);
  const position = new Map(refs.map((ref, i) => [ref, i]));
  return rows.map(toSummary).sort((a, b) => position.get(a.referenceCode)! - position.get(b.referenceCode)!);
}

export async function saleDetail(db: Queryable, referenceCode: string): Promise<SaleDetail | null> {
  const { rows } = await db.query<SummaryRow & { data: PushedSale }>(
    `SELECT ${SUMMARY_COLUMNS}, s.data FROM sales s JOIN tills t ON t.id = s.till_id WHERE s.reference_code = $1`, [referenceCode]);
  const row = rows[0];
  if (!row) return null;
  const lines = await db.query<{ code: string; name: string; quantity: string; price: string; discount_rate: string; base: string; discount: string; line_amount: string; tax_total: string; payable: string }>(
    `SELECT code, name, trim_scale(quantity)::text AS quantity, trim_scale(price)::text AS price, trim_scale(discount_rate)::text AS discount_rate,
            base::numeric(19, 2)::text AS base, discount::numeric(19, 2)::text AS discount, line_amount::numeric(19, 2)::text AS line_amount,
            tax_total::numeric(19, 2)::text AS tax_total, payable::numeric(19, 2)::text AS payable
       FROM sale_lines WHERE reference_code = $1 ORDER BY line_no`, [referenceCode]);
  const taxes = await db.query<{ code: string; rate: string; taxable: string; amount: string }>(
    `SELECT code, trim_scale(rate)::text AS rate, taxable::numeric(19, 2)::text AS taxable, amount::numeric(19, 2)::text AS amount
       FROM sale_taxes WHERE reference_code = $1 ORDER BY code, rate`, [referenceCode]);
  return {
    summary: toSummary(row),
    sale: row.data,
    lines: lines.rows.map((l) => ({
      code: l.code, name: l.name, quantity: l.quantity, price: l.price, discountRate: l.discount_rate, base: l.base, discount: l.discount,
      lineAmount: l.line_amount, taxTotal: l.tax_total, payable: l.payable,
    })),
    taxes: taxes.rows.map((t) => ({ code: t.code, rate: t.rate, taxableAmount: t.taxable, amount: t.amount })),
  };
}
