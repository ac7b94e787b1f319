/**
 * The dashboard's charts and tables, worked out from the server's answer (shared/shop/back-office.ts): pure, so a
 * test checks them without a canvas. Amounts stay exact text for tables; charts get numbers (a bar's height needs
 * no cents). Hours and days without sales are zeros, so every till's series lines up with the axis.
 */
import { tillLabel } from '../format/till-label';
import type { Dashboard, Tally } from '../../shared/shop/back-office';
import { sumAmounts } from '../../shared/money';

export interface TillRef { number: number; name: string }

export interface StackedSeries {
  /** The axis' places: hours (8 → "8:00") or dates. */
  keys: readonly (number | string)[];
  tills: TillRef[];
  /** Per till, per key: the exact amount ("0.00" where nothing was sold). */
  amounts: string[][];
  /** Per key: every till's sum. */
  totals: string[];
  counts: number[][];
}

const byNumber = (a: TillRef, b: TillRef) => a.number - b.number;

/** Every till named anywhere in the answer, in number order (a till without sales today may have some this week). */
export function dashboardTills(d: Dashboard): TillRef[] {
  const seen = new Map<number, TillRef>();
  for (const t of [...d.today.byTill, ...d.week.byTill]) if (!seen.has(t.tillNumber)) seen.set(t.tillNumber, { number: t.tillNumber, name: t.tillName });
  for (const h of d.today.byHour) if (!seen.has(h.tillNumber)) seen.set(h.tillNumber, { number: h.tillNumber, name: `Caja ${h.tillNumber}` });
  for (const day of d.week.byDay) if (!seen.has(day.tillNumber)) seen.set(day.tillNumber, { number: day.tillNumber, name: `Caja ${day.tillNumber}` });
  return distinctNames([...seen.values()].sort(byNumber));
}

/**
 * Each till by its name, unique in the shop (issue 26), with its number where the name could be taken for another
 * till's (tillLabel); two tills left with the same name (before issue 26 every till was «Caja 1») by their number.
 */
export function distinctNames(given: TillRef[]): TillRef[] {
  const tills = given.map((t) => ({ ...t, name: tillLabel(t.name, t.number) }));
  const uses = new Map<string, number>();
  for (const t of tills) uses.set(t.name, (uses.get(t.name) ?? 0) + 1);
  return tills.map((t) => ((uses.get(t.name) ?? 0) > 1 ? { ...t, name: `${t.name} (n.º ${t.number})` } : t));
}

function stacked<K extends number | string>(keys: readonly K[], tills: TillRef[], rows: ReadonlyArray<Tally & { tillNumber: number }>, keyOf: (row: never) => K): StackedSeries {
  const amounts = tills.map(() => keys.map(() => '0.00'));
  const counts = tills.map(() => keys.map(() => 0));
  for (const row of rows) {
    const k = keys.indexOf(keyOf(row as never));
    const t = tills.findIndex((till) => till.number === row.tillNumber);
    if (k < 0 || t < 0) continue;
    amounts[t]![k] = sumAmounts([amounts[t]![k]!, row.total]);
    counts[t]![k] = counts[t]![k]! + row.count;
  }
  const totals = keys.map((_, k) => sumAmounts(amounts.map((a) => a[k]!)));
  return { keys, tills, amounts, totals, counts };
}

/** Business hours at least (7:00–19:00), widened to the first and last hour with sales. */
export function hourSeries(d: Dashboard): StackedSeries {
  const hours = d.today.byHour.map((h) => h.hour);
  const first = Math.min(7, ...hours);
  const last = Math.max(19, ...hours);
  const keys = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return stacked(keys, dashboardTills(d), d.today.byHour, (row: { hour: number }) => row.hour);
}

/** The shop's seven days from Monday (YYYY-MM-DD, counted on the calendar, not by milliseconds). */
export function weekDates(monday: string): string[] {
  const [y, m, day] = monday.split('-').map(Number) as [number, number, number];
  return Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(y, m - 1, day + i)).toISOString().slice(0, 10));
}

export function weekSeries(d: Dashboard): StackedSeries {
  return stacked(weekDates(d.week.monday), dashboardTills(d), d.week.byDay, (row: { date: string }) => row.date);
}

/**
 * What a stacked bar chart draws: per till the running sum up to it, so the last till's bar is the whole column and
 * each earlier one is drawn over it (uPlot draws series in order; the chart lists them last-first).
 */
export function cumulative(series: StackedSeries): number[][] {
  const out: number[][] = [];
  series.amounts.forEach((row, t) => {
    out.push(row.map((amount, k) => Number(amount) + (t > 0 ? out[t - 1]![k]! : 0)));
  });
  return out;
}

/** The share of the largest (0–1), for the best sellers' bars. */
export function shares(amounts: readonly string[]): number[] {
  const values = amounts.map(Number);
  const top = Math.max(0, ...values);
  return values.map((v) => (top > 0 ? v / top : 0));
}

/** Minutes the oldest sale has waited for the DIAN at the answer's time, or null when none waits. */
export function oldestWaitMinutes(d: Dashboard): number | null {
  return d.dian.oldestWaitingAt === null ? null : Math.max(0, Math.floor((d.at - d.dian.oldestWaitingAt) / 60_000));
}

/** "08:00" for the hour axis. */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;
