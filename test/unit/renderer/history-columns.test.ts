/**
 * History's columns give way in the order a cashier needs (issue 29): the cashier first, then the customer, then the
 * reference and invoice number; the time, the sale's number, the total and the state never. The widths at which
 * history.css's container queries hide each step are the ones history-columns.ts computes from the columns' widths.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COLUMN_REM, columnsShown, GIVE_WAY, giveWayClass, giveWaySteps, HISTORY_COLUMNS, LIST_SPARE_REM, TIME_ONLY_REM,
} from '../../../renderer/history/history-columns';

const KEPT = ['number', 'date', 'total', 'state'] as const;
const css = readFileSync(new URL('../../../renderer/styles/history.css', import.meta.url), 'utf8');

describe('History columns giving way', () => {
  it('keeps the time, the number, the total and the state at every width, and the date whole down to its last step', () => {
    for (let width = 20; width <= 120; width += 0.5) {
      const shown = columnsShown(width).columns;
      for (const column of KEPT) expect(shown, `${width} rem`).toContain(column);
    }
    expect(columnsShown(42).timeOnly).toBe(false);
    expect(columnsShown(30).timeOnly).toBe(true);
  });

  it('drops the cashier and the customer before anything a cashier scans for, and the cashier before the customer', () => {
    const gone = (width: number) => HISTORY_COLUMNS.filter((c) => !columnsShown(width).columns.includes(c));
    let before: string[] = [];
    // Narrowing step by step: a column once gone stays gone, and the order of going is the one the issue asks.
    for (let width = 120; width >= 20; width -= 0.25) {
      const now = gone(width);
      for (const column of before) expect(now, `${width} rem`).toContain(column);
      before = now;
    }
    const order: string[] = [];
    for (let width = 120; width >= 20; width -= 0.25) for (const c of gone(width)) if (!order.includes(c)) order.push(c);
    expect(order.slice(0, 2)).toEqual(['cashier', 'customer']);
    expect(order.slice(2).sort()).toEqual(['invoice', 'reference']);
  });

  it('shows every column where they all fit, and what is left after a step fits the width it shows at', () => {
    const all = HISTORY_COLUMNS.reduce((sum, c) => sum + COLUMN_REM[c], 0) + LIST_SPARE_REM;
    expect(columnsShown(all).columns).toEqual(HISTORY_COLUMNS);
    expect(columnsShown(all - 0.5).columns).not.toContain('cashier');
    for (let width = 20; width <= 120; width += 0.5) {
      const { columns, timeOnly } = columnsShown(width);
      const need = columns.reduce((sum, c) => sum + (c === 'date' && timeOnly ? TIME_ONLY_REM : COLUMN_REM[c]), 0) + LIST_SPARE_REM;
      if (!timeOnly) expect(need, `${width} rem: ${columns.join(', ')}`).toBeLessThanOrEqual(width);
    }
  });

  it('names each step by class, and the kept columns by none', () => {
    expect(giveWayClass('cashier')).toBe('hc-go-1');
    expect(giveWayClass('customer')).toBe('hc-go-2');
    expect(giveWayClass('reference')).toBe('hc-go-3');
    expect(giveWayClass('invoice')).toBe('hc-go-3');
    for (const column of KEPT) expect(giveWayClass(column)).toBe('');
  });

  it('history.css hides each step below the width computed here, with the widths given here', () => {
    const queries = [...css.matchAll(/@container list \(width < ([\d.]+)rem\) \{([^}]*)\}/g)].map((m) => ({ below: Number(m[1]), rule: m[2] ?? '' }));
    const steps = giveWaySteps();
    GIVE_WAY.forEach((_, k) => {
      const query = queries.find((q) => q.rule.includes(`.hc-go-${k + 1} `));
      expect(query?.below, `step ${k + 1}`).toBe(steps[k]);
    });
    expect(queries.find((q) => q.rule.includes('.hc-day'))?.below).toBe(steps[GIVE_WAY.length]);
    expect(queries.find((q) => q.rule.includes('th.c-date'))?.rule).toContain(`width: ${TIME_ONLY_REM}rem`);
    for (const column of HISTORY_COLUMNS.filter((c) => c !== 'customer')) {
      const cssClass = column === 'number' ? 'c-number' : `c-${column}`;
      expect(css, column).toContain(`.history th.${cssClass} { width: ${COLUMN_REM[column]}rem; }`);
    }
  });
});
