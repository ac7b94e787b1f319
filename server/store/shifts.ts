/** Closed shifts and their frozen Z reports, one row per till and shift: a shift closes once, so a resend changes nothing. */
import type { z } from 'zod';
import type { pushedShiftSchema } from '../../shared/shop/contract';
import type { Queryable } from '../db/adapter';

export async function pushShifts(tx: Queryable, tillId: string, shifts: readonly z.infer<typeof pushedShiftSchema>[], now: number): Promise<{ stored: number; unchanged: number }> {
  let stored = 0;
  for (const s of shifts) {
    const { rowCount } = await tx.query(
      `INSERT INTO shifts (till_id, shift_id, opened_at, opened_by, opening_cash, closed_at, closed_by, counted_cash, report, received_at)
       VALUES ($1, $2, $3, $4, $5::numeric, $6, $7, $8::numeric, $9::jsonb, $10) ON CONFLICT (till_id, shift_id) DO NOTHING`,
      [tillId, s.shiftId, s.openedAt, s.openedBy, s.openingCash, s.closedAt, s.closedBy, s.countedCash, JSON.stringify(s.report), now],
    );
    stored += rowCount;
  }
  return { stored, unchanged: shifts.length - stored };
}
