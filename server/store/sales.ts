/**
 * Sales pushed by tills, one row per reference_code holding the highest revision its till has sent. One statement
 * decides the batch (atomic): a row is inserted, or replaced only by a higher revision from the same till; anything
 * else changes nothing. Rows are inserted in reference_code order so two concurrent batches lock them in the same
 * order. The rows that changed get their lines and taxes rewritten (sale-figures.ts) in the same transaction, so a
 * sale corrected at its till (same reference, new items) is reported with its new lines.
 *
 * The time columns (`created_at` of sales, sale_lines and sale_taxes) hold when the reports place the sale: the
 * till's own time corrected by the clock offset the till knew when it made the sale (issue 25), so a till ten minutes
 * ahead does not sell tomorrow at 23:55. `data` keeps the sale as the till sent it, its own createdAt included.
 */
import type { PushedSale } from '../../shared/shop/contract';
import type { Queryable } from '../db/adapter';
import { figuresKey, saleFigures, type SaleFigures } from './sale-figures';

/** When the reports place a sale: the till's time corrected by the offset it knew then (never before the epoch). */
export const placedAt = (sale: Pick<PushedSale, 'createdAt' | 'clockOffsetMs'>): number => Math.max(0, sale.createdAt + (sale.clockOffsetMs ?? 0));

export async function pushSales(
  tx: Queryable, tillId: string, sales: readonly PushedSale[], now: number, known?: ReadonlyMap<string, SaleFigures>,
): Promise<{ stored: number; unchanged: number }> {
  // Within one batch keep only the highest revision of a reference (one row may be touched once per statement).
  const best = new Map<string, PushedSale>();
  for (const sale of sales) {
    const seen = best.get(sale.referenceCode);
    if (!seen || seen.revision < sale.revision) best.set(sale.referenceCode, sale);
  }
  const figures = new Map([...best.values()].map((s) => [s.referenceCode, known?.get(figuresKey(s)) ?? saleFigures(s)]));
  const rows = [...best.values()].map((s) => {
    const { lines: _lines, taxes: _taxes, ...columns } = figures.get(s.referenceCode)!;
    return {
      reference_code: s.referenceCode, sale_number: s.saleNumber, revision: s.revision, created_at: placedAt(s), clock_offset_ms: s.clockOffsetMs ?? null, shift_id: s.shiftId,
      cashier_name: s.cashierName, total: s.total, state: s.service.state, validated_at: s.service.validatedAt,
      corrects: s.corrects, corrected_by: s.correctedBy, data: s, ...columns,
    };
  });
  const { rows: changed } = await tx.query<{ reference_code: string }>(
    `INSERT INTO sales (reference_code, till_id, sale_number, revision, created_at, shift_id, cashier_name, total, state,
                        validated_at, corrects, corrected_by, data, received_at, payment_means, customer_name,
                        customer_identification, full_number, invoice_digits, cufe, gross, discount, tax_total, search_text, clock_offset_ms)
     SELECT x.reference_code, $1, x.sale_number, x.revision, x.created_at, x.shift_id, x.cashier_name, x.total::numeric, x.state,
            x.validated_at, x.corrects, x.corrected_by, x.data, $2, x.payment_means, x.customer_name,
            x.customer_identification, x.full_number, x.invoice_digits, x.cufe, x.gross::numeric, x.discount::numeric,
            x.tax_total::numeric, x.search_text, x.clock_offset_ms
       FROM jsonb_to_recordset($3::jsonb) AS x(reference_code text, sale_number bigint, revision bigint,
            created_at bigint, shift_id bigint, cashier_name text, total text, state text, validated_at bigint, corrects text,
            corrected_by text, data jsonb, payment_means text, customer_name text, customer_identification text,
            full_number text, invoice_digits text, cufe text, gross text, discount text, tax_total text, search_text text,
            clock_offset_ms bigint)
      ORDER BY x.reference_code
     ON CONFLICT (reference_code) DO UPDATE SET
       sale_number = EXCLUDED.sale_number, revision = EXCLUDED.revision, created_at = EXCLUDED.created_at,
       shift_id = EXCLUDED.shift_id, cashier_name = EXCLUDED.cashier_name, total = EXCLUDED.total, state = EXCLUDED.state,
       validated_at = EXCLUDED.validated_at, corrects = EXCLUDED.corrects, corrected_by = EXCLUDED.corrected_by,
       data = EXCLUDED.data, received_at = EXCLUDED.received_at, payment_means = EXCLUDED.payment_means,
       customer_name = EXCLUDED.customer_name, customer_identification = EXCLUDED.customer_identification,
       full_number = EXCLUDED.full_number, invoice_digits = EXCLUDED.invoice_digits, cufe = EXCLUDED.cufe,
       gross = EXCLUDED.gross, discount = EXCLUDED.discount, tax_total = EXCLUDED.tax_total, search_text = EXCLUDED.search_text,
       clock_offset_ms = EXCLUDED.clock_offset_ms
     WHERE sales.revision < EXCLUDED.revision AND sales.till_id = EXCLUDED.till_id
     RETURNING reference_code`,
    [tillId, now, JSON.stringify(rows)],
  );
  if (changed.length > 0) await writeSaleFigures(tx, changed.map((r) => ({ referenceCode: r.reference_code, tillId, sale: best.get(r.reference_code)!, figures: figures.get(r.reference_code)! })));
  return { stored: changed.length, unchanged: sales.length - changed.length };
}

/** Replaces the lines and taxes of these sales (their latest revision), in two statements each way. */
export async function writeSaleFigures(
  tx: Queryable, sales: ReadonlyArray<{ referenceCode: string; tillId: string; sale: PushedSale; figures: ReturnType<typeof saleFigures> }>,
): Promise<void> {
  const refs = sales.map((s) => s.referenceCode);
  await tx.query('DELETE FROM sale_lines WHERE reference_code = ANY($1::text[])', [refs]);
  await tx.query('DELETE FROM sale_taxes WHERE reference_code = ANY($1::text[])', [refs]);
  const lines = sales.flatMap((s) => s.figures.lines.map((l) => ({ reference_code: s.referenceCode, till_id: s.tillId, created_at: placedAt(s.sale), ...l })));
  const taxes = sales.flatMap((s) => s.figures.taxes.map((t) => ({ reference_code: s.referenceCode, till_id: s.tillId, created_at: placedAt(s.sale), ...t })));
  await tx.query(
    `INSERT INTO sale_lines (reference_code, line_no, till_id, created_at, code, name, quantity, price, discount_rate, base, discount,
                             line_amount, tax_total, payable)
     SELECT x.reference_code, x.line_no, x.till_id, x.created_at, x.code, x.name, x.quantity::numeric, x.price::numeric,
            x.discount_rate::numeric, x.base::numeric, x.discount::numeric, x.line_amount::numeric, x.tax_total::numeric, x.payable::numeric
       FROM jsonb_to_recordset($1::jsonb) AS x(reference_code text, line_no int, till_id text, created_at bigint, code text, name text,
            quantity text, price text, discount_rate text, base text, discount text, line_amount text, tax_total text, payable text)`,
    [JSON.stringify(lines)],
  );
  if (taxes.length > 0) {
    await tx.query(
      `INSERT INTO sale_taxes (reference_code, till_id, created_at, code, rate, taxable, amount)
       SELECT x.reference_code, x.till_id, x.created_at, x.code, x.rate::numeric, x.taxable::numeric, x.amount::numeric
         FROM jsonb_to_recordset($1::jsonb) AS x(reference_code text, till_id text, created_at bigint, code text, rate text, taxable text, amount text)`,
      [JSON.stringify(taxes)],
    );
  }
}
