/**
 * The shop's calendar (shared/shop/shop-day.ts): one rule for the day a sale belongs to, which the till's per-day
 * digest and the server's answer must share (issue 25's healing). The SQL form runs here on a real SQLite.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  shopDateOf, shopDayIndex, shopDayIndexSql, shopDayIndexStart, shopDayOfIndex, shopDayWindow,
} from '../../../shared/shop/shop-day';

describe('the shop day as a number', () => {
  it('agrees with the day window and the date of an instant, across a month, a year and a leap day', () => {
    expect(shopDayIndex('1970-01-01')).toBe(0);
    for (const date of ['2024-02-29', '2025-12-31', '2026-01-01', '2026-11-28']) {
      const index = shopDayIndex(date);
      expect(shopDayOfIndex(index)).toBe(date);
      expect(shopDayIndexStart(index)).toBe(shopDayWindow(date).from);
      expect(shopDateOf(shopDayIndexStart(index))).toBe(date);
      expect(shopDateOf(shopDayIndexStart(index) - 1)).toBe(shopDayOfIndex(index - 1));
    }
  });

  it('buckets in SQL exactly as in code: the last millisecond of a day and the first of the next', () => {
    const db = new Database(':memory:');
    const { from } = shopDayWindow('2026-11-28'); // midnight in Bogotá = 05:00 UTC
    const sql = db.prepare<[number], { d: number }>(`SELECT ${shopDayIndexSql('?')} AS d`);
    for (const at of [from - 1, from, from + 86_399_999, from + 86_400_000]) {
      expect(shopDayOfIndex(sql.get(at)!.d), String(at)).toBe(shopDateOf(at));
    }
    db.close();
  });
});
