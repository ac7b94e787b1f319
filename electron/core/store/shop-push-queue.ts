/**
 * Sales and closed shifts on their way to the shop server (issue 20). A sale is due while its revision (kept by
 * trigger, shop-sync-schema.ts) is above the one the server acknowledged; the acknowledgement is recorded after the
 * server's answer, so a crash between the two resends the same revision, which the server keeps once.
 */
import type Database from 'better-sqlite3';
import type { AuditDay, PushedSale, UnsendableReason, UnsendableSale } from '../../../shared/shop/contract';
import { DAY_MS, shopDayIndex as dayIndex, shopDayIndexSql, shopDayIndexStart, shopDayOfIndex as dayText } from '../../../shared/shop/shop-day';

export interface DueSale { saleId: number; sale: PushedSale }
export interface DueShift {
  shiftId: number; openedAt: number; openedBy: string; openingCash: string; closedAt: number; closedBy: string;
  countedCash: string; report: unknown;
}

export interface ShopPushQueue {
  /** Sales whose latest revision the server has not acknowledged, oldest first (those with a complete invoice body). */
  dueSales(limit: number): DueSale[];
  /** The server has these revisions; a lower one never overwrites a higher acknowledgement. */
  markSalesPushed(acks: ReadonlyArray<{ saleId: number; revision: number }>): void;
  salesWaitingForShop(): number;
  dueShifts(limit: number): DueShift[];
  markShiftsPushed(shiftIds: readonly number[]): void;
  /** Sets these sales aside at their current revision (a later revision is tried again): counted and listed, not pushed. */
  setSalesAside(sales: ReadonlyArray<{ saleId: number; revision: number; reason: UnsendableReason; detail: string }>): void;
  /** Sales set aside at their current revision, oldest first, and how many there are. */
  unsendableSales(limit: number): Array<UnsendableSale & { saleId: number; at: number }>;
  unsendableSalesCount(): number;
  /** Per shop day, the sales the server acknowledged: how many and the sum of the acknowledged revisions (oldest day first). */
  acknowledgedDays(): AuditDay[];
  /** One shop day's acknowledged sales, by reference. */
  acknowledgedOfDay(day: string): Array<{ saleId: number; referenceCode: string; revision: number }>;
  /** The server lacks these (or holds them older): they are due again, pushed by the usual loop. */
  pushAgain(saleIds: readonly number[]): void;
  /** The latest closed shifts the server acknowledged (ids, newest first). */
  acknowledgedShifts(limit: number): number[];
  /** The server lacks these shifts: they (and their Z) are due again. */
  pushShiftsAgain(shiftIds: readonly number[]): void;
}

/** A sale's shop day as a number; the server buckets by the same shared rule (shared/shop/shop-day.ts). */
const DAY_OF = shopDayIndexSql('created_at');

interface DueRow {
  id: number; reference_code: string; short_number: number | null; shop_revision: number; created_at: number;
  shift_id: number | null; cashier_name: string; till_name: string; request_body: string; payable: string; cash_received: string | null;
  cash_change: string | null; state: PushedSale['service']['state']; closed: string | null; full_number: string | null;
  cufe: string | null; qr_url: string | null; validated_at: number | null; corrects: string | null; corrected_by: string | null; reprints: number;
  clock_offset_ms: number | null;
}

export function shopPushQueueTable(db: Database.Database, now: () => number): ShopPushQueue {
  const due = db.prepare<[number], DueRow>(
    `SELECT s.id, s.reference_code, s.short_number, s.shop_revision, s.created_at, s.shift_id, s.cashier_name, s.till_name, o.request_body,
       s.payable, s.cash_received, s.cash_change, s.clock_offset_ms, o.state, o.closed, o.full_number, o.cufe, o.qr_url, o.validated_at,
       (SELECT f.reference_code FROM sales f WHERE f.id = s.corrects_sale_id) AS corrects,
       (SELECT c.reference_code FROM sales c WHERE c.corrects_sale_id = s.id) AS corrected_by,
       (SELECT count(*) FROM reprints r WHERE r.sale_id = s.id) AS reprints
     FROM sales s JOIN outbox o ON o.sale_id = s.id
     WHERE s.shop_revision > s.shop_pushed_revision
       -- A sale rung up before any numbering range was known has no complete invoice yet: it waits for its range.
       AND json_extract(o.request_body, '$.numbering_range_id') IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM shop_unsendable_sales u WHERE u.sale_id = s.id AND u.revision = s.shop_revision)
     ORDER BY s.id LIMIT ?`,
  );
    const aside = db.prepare<[number, number, string, string, number]>(
    `INSERT INTO shop_unsendable_sales (sale_id, revision, reason, detail, at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (sale_id) DO UPDATE SET revision = excluded.revision, reason = excluded.reason, detail = excluded.detail, at = excluded.at`);
  const pushedNow = db.prepare<[number]>('DELETE FROM shop_unsendable_sales WHERE sale_id = ?');
  const asideList = db.prepare<[number], { sale_id: number; reference_code: string; short_number: number | null; created_at: number; reason: UnsendableReason; detail: string; at: number }>(
    `SELECT u.sale_id, s.reference_code, s.short_number, s.created_at, u.reason, u.detail, u.at
       FROM shop_unsendable_sales u JOIN sales s ON s.id = u.sale_id
      WHERE u.revision = s.shop_revision AND s.shop_revision > s.shop_pushed_revision ORDER BY s.id LIMIT ?`);
  const asideCount = db.prepare<[], { n: number }>(
    `SELECT count(*) AS n FROM shop_unsendable_sales u JOIN sales s ON s.id = u.sale_id
      WHERE u.revision = s.shop_revision AND s.shop_revision > s.shop_pushed_revision`);
  const days = db.prepare<[], { d: number; n: number; r: number }>(
    `SELECT ${DAY_OF} AS d, count(*) AS n, sum(shop_pushed_revision) AS r FROM sales WHERE shop_pushed_revision > 0 GROUP BY 1 ORDER BY 1`);
  const ofDay = db.prepare<[number, number], { id: number; reference_code: string; shop_pushed_revision: number }>(
    `SELECT id, reference_code, shop_pushed_revision FROM sales
      WHERE shop_pushed_revision > 0 AND created_at >= ? AND created_at < ? ORDER BY reference_code`);
  const again = db.prepare<[number]>('UPDATE sales SET shop_pushed_revision = 0 WHERE id = ?');
  const shiftsAcked = db.prepare<[number], { shift_id: number }>('SELECT shift_id FROM shop_pushed_shifts ORDER BY shift_id DESC LIMIT ?');
  const shiftAgain = db.prepare<[number]>('DELETE FROM shop_pushed_shifts WHERE shift_id = ?');
  const ack = db.prepare<[number, number]>('UPDATE sales SET shop_pushed_revision = max(shop_pushed_revision, ?) WHERE id = ?');
  const waiting = db.prepare<[], { n: number }>(
    `SELECT count(*) AS n FROM sales s WHERE s.shop_revision > s.shop_pushed_revision
       AND NOT EXISTS (SELECT 1 FROM shop_unsendable_sales u WHERE u.sale_id = s.id AND u.revision = s.shop_revision)`);
  const shifts = db.prepare<[number], {
    id: number; opened_at: number; opened_by_name: string; opening_cash: string; closed_at: number; closed_by_name: string | null;
    counted_cash: string; report: string;
  }>(
    `SELECT s.* FROM shifts s WHERE s.closed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shop_pushed_shifts p WHERE p.shift_id = s.id)
     ORDER BY s.id LIMIT ?`,
  );
  const shiftPushed = db.prepare<[number, number]>('INSERT OR IGNORE INTO shop_pushed_shifts (shift_id, pushed_at) VALUES (?, ?)');

  return {
    dueSales(limit) {
      return due.all(limit).map((r) => ({
        saleId: r.id,
        sale: {
          referenceCode: r.reference_code,
          saleNumber: r.short_number ?? r.id,
          revision: r.shop_revision,
          createdAt: r.created_at,
          shiftId: r.shift_id,
          cashierName: r.cashier_name,
          // The name the sale was made with: its number for good, whatever this till is called later (issue 26).
          ...(r.till_name.trim() ? { tillName: r.till_name.trim().slice(0, 40) } : {}),
          invoice: JSON.parse(r.request_body) as PushedSale['invoice'],
          total: r.payable,
          cash: r.cash_received !== null && r.cash_change !== null ? { received: r.cash_received, change: r.cash_change } : null,
          service: {
            state: r.closed === 'voided' ? 'voided' : r.state,
            fullNumber: r.full_number,
            cufe: r.cufe,
            validatedAt: r.validated_at,
            ...(r.qr_url ? { qrUrl: r.qr_url } : {}),
          },
          corrects: r.corrects,
          correctedBy: r.corrected_by,
          reprints: r.reprints,
          // The offset this till knew when it made the sale: the server places it by createdAt + offset.
          ...(r.clock_offset_ms !== null ? { clockOffsetMs: r.clock_offset_ms } : {}),
        },
      }));
    },
    markSalesPushed(acks) {
      db.transaction(() => {
        for (const a of acks) {
          ack.run(a.revision, a.saleId);
          pushedNow.run(a.saleId);
        }
      }).immediate();
    },
    setSalesAside(list) {
      db.transaction(() => {
        const at = now();
        for (const s of list) aside.run(s.saleId, s.revision, s.reason, s.detail.slice(0, 200), at);
      }).immediate();
    },
    unsendableSales(limit) {
      return asideList.all(limit).map((r) => ({
        saleId: r.sale_id, referenceCode: r.reference_code, saleNumber: r.short_number ?? r.sale_id, createdAt: r.created_at,
        reason: r.reason, detail: r.detail, at: r.at,
      }));
    },
    unsendableSalesCount: () => asideCount.get()?.n ?? 0,
    acknowledgedDays() {
      return days.all().map((r) => ({ day: dayText(r.d), count: r.n, revisions: r.r }));
    },
    acknowledgedOfDay(day) {
      const from = shopDayIndexStart(dayIndex(day));
      return ofDay.all(from, from + DAY_MS).map((r) => ({ saleId: r.id, referenceCode: r.reference_code, revision: r.shop_pushed_revision }));
    },
    acknowledgedShifts: (limit) => shiftsAcked.all(limit).map((r) => r.shift_id),
    pushShiftsAgain(shiftIds) {
      db.transaction(() => {
        for (const id of shiftIds) shiftAgain.run(id);
      }).immediate();
    },
    pushAgain(saleIds) {
      db.transaction(() => {
        for (const id of saleIds) again.run(id);
      }).immediate();
    },
    salesWaitingForShop: () => waiting.get()?.n ?? 0,
    dueShifts(limit) {
      return shifts.all(limit).map((r) => ({
        shiftId: r.id, openedAt: r.opened_at, openedBy: r.opened_by_name, openingCash: r.opening_cash, closedAt: r.closed_at,
        closedBy: r.closed_by_name ?? '', countedCash: r.counted_cash, report: JSON.parse(r.report) as unknown,
      }));
    },
    markShiftsPushed(shiftIds) {
      db.transaction(() => {
        const at = now();
        for (const id of shiftIds) shiftPushed.run(id, at);
      }).immediate();
    },
  };
}
