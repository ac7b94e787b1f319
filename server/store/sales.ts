/**
 * Sales pushed by tills, one row per reference_code holding the highest revision its till has sent. One statement
 * per batch (atomic): a row is inserted, or replaced only by a higher revision from the same till; anything else
 * changes nothing. Rows are inserted in reference_code order so two concurrent batches lock them in the same order.
 */
import type { PushedSale } from '../../shared/shop/contract';
import type { Queryable } from '../db/adapter';

export async function pushSales(tx: Queryable, tillId: string, sales: readonly PushedSale[], now: number): Promise<{ stored: number; unchanged: number }> {
  // Within one batch keep only the highest revision of a reference (one row may be touched once per statement).
  const best = new Map<string, PushedSale>();
  for (const sale of sales) {
    const seen = best.get(sale.referenceCode);
    if (!seen || seen.revision < sale.revision) best.set(sale.referenceCode, sale);
  }
  const rows = [...best.values()].map((s) => ({
    reference_code: s.referenceCode, sale_number: s.saleNumber, revision: s.revision, created_at: s.createdAt, shift_id: s.shiftId,
    cashier_name: s.cashierName, total: s.total, state: s.service.state, validated_at: s.service.validatedAt,
    corrects: s.corrects, corrected_by: s.correctedBy, data: s,
  }));
  const { rowCount } = await tx.query(
    `INSERT INTO sales (reference_code, till_id, sale_number, revision, created_at, shift_id, cashier_name, total, state,
                        validated_at, corrects, corrected_by, data, received_at)
     SELECT x.reference_code, $1, x.sale_number, x.revision, x.created_at, x.shift_id, x.cashier_name, x.total::numeric, x.state,
            x.validated_at, x.corrects, x.corrected_by, x.data, $2
       FROM jsonb_to_recordset($3::jsonb) AS x(reference_code text, sale_number bigint, revision bigint,
            created_at bigint, shift_id bigint, cashier_name text, total text, state text, validated_at bigint, corrects text,
            corrected_by text, data jsonb)
      ORDER BY x.reference_code
     ON CONFLICT (reference_code) DO UPDATE SET
       sale_number = EXCLUDED.sale_number, revision = EXCLUDED.revision, created_at = EXCLUDED.created_at,
       shift_id = EXCLUDED.shift_id, cashier_name = EXCLUDED.cashier_name, total = EXCLUDED.total, state = EXCLUDED.state,
       validated_at = EXCLUDED.validated_at, corrects = EXCLUDED.corrects, corrected_by = EXCLUDED.corrected_by,
       data = EXCLUDED.data, received_at = EXCLUDED.received_at
     WHERE sales.revision < EXCLUDED.revision AND sales.till_id = EXCLUDED.till_id`,
    [tillId, now, JSON.stringify(rows)],
  );
  return { stored: rowCount, unchanged: sales.length - rowCount };
}
