/**
 * Issue 21's screens, their pure parts: the dashboard's chart series from the server's answer (checked by the shared
 * schema first, as the core does), and the day report's paper lines with the tills without their Z named.
 */
import { describe, expect, it } from 'vitest';
import { dashboardSchema, dayReportSchema, type Dashboard, type DayReport } from '../../../shared/shop/back-office';
import { es } from '../../../renderer/i18n/es';
import { cumulative, distinctNames, hourSeries, oldestWaitMinutes, shares, weekDates, weekSeries } from '../../../renderer/owner/dashboard-series';
import { dayReportSections, incompleteWarning, missingZWarning } from '../../../renderer/owner/day-report-lines';

const tally = (count: number, total: string) => ({ count, total });
const period = {
  sales: tally(5, '100000.00'), byMeans: [{ meansCode: '10', ...tally(3, '60000.00') }, { meansCode: '48', ...tally(2, '40000.00') }],
  taxes: [{ code: '01', rate: '19', taxableAmount: '84033.61', amount: '15966.39' }], taxTotal: '15966.39',
  topProducts: [{ code: 'A', name: 'Arepa', quantity: '10.000', total: '60000.00' }, { code: 'B', name: 'Café', quantity: '2.000', total: '15000.00' }],
};
const DASHBOARD: Dashboard = dashboardSchema.parse({
  at: Date.UTC(2026, 10, 25, 20, 0), // 15:00 in Bogotá
  today: {
    ...period, date: '2026-11-25',
    byTill: [{ tillNumber: 1, tillName: 'Caja 1', ...tally(3, '70000.00') }, { tillNumber: 2, tillName: 'Caja 2', ...tally(2, '30000.00') }],
    byHour: [
      { hour: 6, tillNumber: 1, ...tally(1, '10000.10') },
      { hour: 9, tillNumber: 1, ...tally(2, '59999.90') },
      { hour: 9, tillNumber: 2, ...tally(1, '12500.00') },
      { hour: 20, tillNumber: 2, ...tally(1, '17500.00') },
    ],
  },
  week: {
    ...period, monday: '2026-11-23', sales: tally(9, '180000.00'),
    byTill: [{ tillNumber: 1, tillName: 'Caja 1', ...tally(6, '120000.00') }, { tillNumber: 2, tillName: 'Caja 2', ...tally(2, '30000.00') }, { tillNumber: 3, tillName: 'Bodega', ...tally(1, '30000.00') }],
    byDay: [
      { date: '2026-11-23', tillNumber: 3, ...tally(1, '30000.00') },
      { date: '2026-11-25', tillNumber: 1, ...tally(3, '70000.00') },
      { date: '2026-11-25', tillNumber: 2, ...tally(2, '30000.00') },
    ],
  },
  dian: { pending: tally(2, '25000.00'), needsAttention: tally(1, '5000.00'), oldestWaitingAt: Date.UTC(2026, 10, 25, 17, 55) },
});

describe('the dashboard\'s series', () => {
  it('spreads each till over the hours, widened to the first and last hour sold, with zeros between, exact to the cent', () => {
    const s = hourSeries(DASHBOARD);
    expect(s.keys[0]).toBe(6);
    expect(s.keys.at(-1)).toBe(20);
    expect(s.tills.map((t) => t.name)).toEqual(['Caja 1', 'Caja 2', 'Bodega']);
    const nine = s.keys.indexOf(9);
    expect(s.amounts[0]![nine]).toBe('59999.90');
    expect(s.amounts[1]![nine]).toBe('12500.00');
    expect(s.amounts[2]![nine]).toBe('0.00');
    expect(s.totals[nine]).toBe('72499.90');
    expect(s.totals[s.keys.indexOf(7)]).toBe('0.00');
    expect(s.counts[0]![s.keys.indexOf(6)]).toBe(1);
  });

  it('tells apart two tills left with the same default name by their number', () => {
    expect(distinctNames([{ number: 1, name: 'Caja 1' }, { number: 2, name: 'Caja 1' }, { number: 3, name: 'Bodega' }]).map((t) => t.name))
      .toEqual(['Caja 1', 'Caja 1 (n.º 2)', 'Bodega']);
  });

  it('names each till by its unique name, with its number only where the name could be taken for another till\'s', () => {
    expect(distinctNames([{ number: 1, name: 'Caja 1' }, { number: 2, name: 'Caja 2' }, { number: 3, name: 'Caja 2 vieja' }, { number: 4, name: '' }]).map((t) => t.name))
      .toEqual(['Caja 1', 'Caja 2', 'Caja 2 vieja (n.º 3)', 'Caja 4']);
  });

  it('keeps the business day at least 7:00–19:00 when the sales fall inside it', () => {
    const quiet = { ...DASHBOARD, today: { ...DASHBOARD.today, byHour: [{ hour: 10, tillNumber: 1, count: 1, total: '5.00' }] } };
    expect(hourSeries(quiet).keys).toEqual(Array.from({ length: 13 }, (_, i) => 7 + i));
  });

  it('gives the week Monday to Sunday across a month\'s end, each till a row', () => {
    expect(weekDates('2026-11-30')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    const w = weekSeries(DASHBOARD);
    expect(w.keys).toHaveLength(7);
    expect(w.amounts[2]![0]).toBe('30000.00');
    expect(w.totals[2]).toBe('100000.00');
  });

  it('stacks the tills: each bar is the running sum, the last till\'s is the column\'s total', () => {
    const s = hourSeries(DASHBOARD);
    const sums = cumulative(s);
    const nine = s.keys.indexOf(9);
    expect(sums[0]![nine]).toBeCloseTo(59999.9, 2);
    expect(sums[1]![nine]).toBeCloseTo(72499.9, 2);
    expect(sums[2]![nine]).toBeCloseTo(Number(s.totals[nine]), 2);
  });

  it('says the best sellers\' bars as shares of the first, and the oldest DIAN wait in minutes', () => {
    expect(shares(['60000.00', '15000.00', '0.00'])).toEqual([1, 0.25, 0]);
    expect(shares([])).toEqual([]);
    expect(oldestWaitMinutes(DASHBOARD)).toBe(125);
    expect(oldestWaitMinutes({ ...DASHBOARD, dian: { ...DASHBOARD.dian, oldestWaitingAt: null } })).toBeNull();
  });
});

const REPORT: DayReport = dayReportSchema.parse({
  date: '2026-11-25', from: 0, to: 1,
  sales: { count: 5, total: '100000.00', gross: '90000.00', discount: '2000.00', taxTotal: '12000.00' },
  taxes: [{ code: '01', rate: '19', taxableAmount: '63157.89', amount: '12000.00' }],
  byMeans: [{ meansCode: '10', count: 3, total: '60000.00' }],
  validated: tally(3, '70000.00'), pending: tally(1, '20000.00'), needsAttention: tally(1, '10000.00'),
  corrections: {
    voided: tally(1, '5000.00'), replaced: tally(0, '0.00'),
    list: [{ kind: 'voided', referenceCode: 'ABCDEF01HZ7Q0Y2M4N6P8R0T2V', tillNumber: 2, saleNumber: 12, total: '5000.00', correctedBy: null }],
  },
  tills: [
    {
      tillId: 'a'.repeat(32), number: 1, name: 'Caja 1', sales: tally(3, '70000.00'),
      shifts: [{ shiftId: 4, openedAt: 0, closedAt: 1, openedBy: 'Rosa', closedBy: 'Rosa', zSales: tally(3, '70000.00'), opening: '100000.00', expected: '160000.00', counted: '158500.00', difference: '-1500.00' }],
      cash: { expected: '160000.00', counted: '158500.00', difference: '-1500.00' }, missingZ: [],
    },
    {
      tillId: 'b'.repeat(32), number: 2, name: 'Caja 2', sales: tally(2, '30000.00'), shifts: [],
      cash: { expected: '0.00', counted: '0.00', difference: '0.00' }, missingZ: [{ shiftId: 7, sales: tally(2, '30000.00') }],
    },
  ],
  zReports: { count: 1, sales: tally(3, '70000.00'), cashExpected: '160000.00', cashCounted: '158500.00' },
  tillsWithoutZ: [{ number: 2, name: 'Caja 2' }],
});

describe('the day report on paper', () => {
  const sections = dayReportSections(REPORT, es, 'es-CO');
  const line = (testId: string) => sections.flatMap((s) => s.lines).find((l) => l.testId === testId);

  it('shows the server\'s figures in pesos, the day\'s total strong, taxes by rate', () => {
    expect(line('day-total')).toMatchObject({ value: '$\u00A0100.000,00', strong: true });
    expect(line('day-tax-01-19')?.value).toBe('$\u00A012.000,00');
    expect(line('day-means-10')).toMatchObject({ label: 'Efectivo (3)', value: '$\u00A060.000,00' });
    expect(sections[0]!.lines.some((l) => l.label === 'Descuentos' && l.value === '−$\u00A02.000,00')).toBe(true);
  });

  it('gives each till its cash, the missing cash with a minus, and a till without its Z says so instead of a count', () => {
    expect(line('day-till-1-difference')?.value).toBe('−$\u00A01.500,00');
    const two = sections.find((s) => s.testId === 'day-till-2')!;
    expect(two.lines.some((l) => l.label === 'Turno 7 sin Z' && l.value.includes('sin cierre Z'))).toBe(true);
    expect(two.lines.some((l) => l.label === 'Efectivo contado')).toBe(false);
  });

  it('lists voids and corrections, and the DIAN\'s states', () => {
    expect(line('day-voided')).toMatchObject({ label: 'Anuladas (1)', value: '$\u00A05.000,00' });
    expect(line('day-attention')?.label).toBe('Requieren atención (1)');
  });

  it('names every till whose Z has not reached the server, and nothing when all have', () => {
    expect(missingZWarning(REPORT, es)).toContain('Caja 2');
    expect(missingZWarning({ ...REPORT, tillsWithoutZ: [] }, es)).toBeNull();
  });

  it('names a till whose sales are not all at the server, in review or with sales it cannot send, on the paper too (issue 25)', () => {
    const report = dayReportSchema.parse({
      ...REPORT,
      tills: REPORT.tills.map((t) => ({ ...t, audit: t.number === 2 ? { inReview: true, unsendable: 3 } : { inReview: false, unsendable: 0 } })),
      tillsIncomplete: [{ number: 2, name: 'Caja 2', inReview: true, unsendable: 3 }],
    });
    expect(incompleteWarning(report, es)).toBe('Ventas del día que aún no están todas en el servidor: Caja 2 (en revisión; 3 ventas no se pueden enviar al servidor). El informe puede cambiar.');
    const two = dayReportSections(report, es, 'es-CO').find((s) => s.testId === 'day-till-2')!;
    expect(two.lines.map((l) => l.testId)).toEqual(expect.arrayContaining(['day-till-2-review', 'day-till-2-unsendable']));
    const one = dayReportSections(report, es, 'es-CO').find((s) => s.testId === 'day-till-1')!;
    expect(one.lines.some((l) => l.testId === 'day-till-1-review' || l.testId === 'day-till-1-unsendable')).toBe(false);
    // A server from before issue 25 says nothing of it: no warning.
    expect(incompleteWarning(REPORT, es)).toBeNull();
  });
});
