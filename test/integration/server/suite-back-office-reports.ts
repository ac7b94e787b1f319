/**
 * The owner's figures at the server: the day report adds up to the peso against sums worked out here from the
 * pushed sales' own lines (shared/money.ts), a till whose Z has not arrived is named, the dashboard says the same as
 * the day report, and the change signal wakes when a till pushes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calculateTotals, cashChange, sumAmounts } from '../../../shared/money';
import { dashboardSchema, dayReportSchema } from '../../../shared/shop/back-office';
import type { PushedSale } from '../../../shared/shop/contract';
import { shopDateOf, shopDayWindow } from '../../../shared/shop/shop-day';
import { adminSession, backOffice, pushAll, seedPeople } from './back-office-rig';
import { counts, daySales, zReportOf, type DaySale } from './back-office-samples';
import { startHarness, type Harness, type OpenDb } from './harness';

export function backOfficeReportsSuite(openDb: OpenDb, options: { perTill: number }): void {
  describe('back office: day report and dashboard', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    it('adds up every till\'s sales to the peso, names the till whose Z has not arrived, and the dashboard agrees', async () => {
      const people = await seedPeople(h);
      const tills = [await h.pairedTill('Caja 1'), await h.pairedTill('Caja 2'), await h.pairedTill('Caja 3')];
      const date = shopDateOf(Date.now());
      const w = shopDayWindow(date);
      const sales: DaySale[] = daySales(w.from, w.to, options.perTill);
      // Corrections: a sale voided at Caja 1, one replaced by a new invoice at Caja 2, one corrected in place at Caja 3.
      const of = (till: number, n: number) => sales.find((s) => s.tillIndex === till && s.sale.saleNumber === n)!;
      const voided = of(0, 3);
      voided.sale = { ...voided.sale, revision: 2, service: { ...voided.sale.service, state: 'voided' } };
      const replaced = of(1, 5);
      const replacement: PushedSale = { ...replaced.sale, referenceCode: `${replaced.sale.referenceCode}-R`, saleNumber: options.perTill + 1,
        invoice: { ...replaced.sale.invoice, reference_code: `${replaced.sale.referenceCode}-R`, items: [replaced.sale.invoice.items[0]!] },
        corrects: replaced.sale.referenceCode };
      replacement.total = calculateTotals(replacement.invoice.items).payable;
      replaced.sale = { ...replaced.sale, revision: 2, correctedBy: replacement.referenceCode };
      sales.push({ tillIndex: 1, sale: replacement });
      const inPlace = of(2, 2);
      const firstPush = inPlace.sale;
      const newItems = [{ ...firstPush.invoice.items[0]!, quantity: 7 }];
      inPlace.sale = { ...firstPush, revision: 2, invoice: { ...firstPush.invoice, items: newItems }, total: calculateTotals(newItems).payable };
      await pushAll(tills, [{ tillIndex: 2, sale: firstPush }]); // the old lines reach the server first, then are replaced
      await pushAll(tills, sales);

      // Caja 1 and Caja 2 close their shift and push the Z; Caja 3's Z has not arrived.
      const zs = [0, 1].map((i) => {
        const own = sales.filter((s) => s.tillIndex === i).map((s) => s.sale);
        return { shiftId: 1, openedAt: w.from, openedBy: 'Rosa', openingCash: '200000.00', closedAt: w.to - 1_000, closedBy: 'Rosa',
          countedCash: i === 0 ? '950000.00' : '20000.00', report: zReportOf(own, '200000.00', i === 0 ? '950000.00' : '20000.00') };
      });
      for (const i of [0, 1]) expect((await tills[i]!.call('POST', '/v1/shifts', { shifts: [zs[i]] })).status).toBe(200);

      const token = await adminSession(h, people.owner);
      const answer = await backOffice(h, token, `/v1/back-office/day-report?date=${date}`);
      expect(answer.status).toBe(200);
      const report = dayReportSchema.parse(answer.body);

      // The independent sums, from the sales as pushed (their own lines), by shared/money.ts.
      const final = sales.map((s) => s.sale);
      const counting = final.filter(counts);
      const lines = calculateTotals(counting.flatMap((s) => s.invoice.items));
      expect(report.sales).toEqual({
        count: counting.length, total: sumAmounts(counting.map((s) => s.total)), gross: lines.gross, discount: lines.discount, taxTotal: lines.tax_total,
      });
      expect(report.sales.total).toBe(lines.payable);
      expect(report.taxes).toEqual(lines.taxes.map((t) => ({ code: t.code, rate: t.rate, taxableAmount: t.taxable_amount, amount: t.amount })));
      const means = [...new Set(counting.map((s) => s.invoice.payment.means_code))].sort();
      expect(report.byMeans).toEqual(means.map((m) => {
        const group = counting.filter((s) => s.invoice.payment.means_code === m);
        return { meansCode: m, count: group.length, total: sumAmounts(group.map((s) => s.total)) };
      }));
      const inState = (...states: string[]) => counting.filter((s) => states.includes(s.service.state));
      expect(report.pending.count).toBe(inState('waiting', 'sending', 'queued').length);
      expect(report.needsAttention).toEqual({ count: inState('needs_attention').length, total: sumAmounts(inState('needs_attention').map((s) => s.total)) });
      expect(report.validated.count + report.pending.count + report.needsAttention.count).toBe(counting.length);
      expect(report.corrections.voided).toEqual({ count: 1, total: voided.sale.total });
      expect(report.corrections.replaced).toEqual({ count: 1, total: replaced.sale.total });
      expect(report.corrections.list.map((c) => c.referenceCode).sort()).toEqual([voided.sale.referenceCode, replaced.sale.referenceCode].sort());

      // Per till: its sales, the Z's cash, and the till without its Z named.
      for (const [i, till] of report.tills.entries()) {
        const own = counting.filter((s) => sales.find((d) => d.sale === s)!.tillIndex === i);
        expect(till.sales).toEqual({ count: own.length, total: sumAmounts(own.map((s) => s.total)) });
      }
      const z0 = zs[0]!.report as { cash: { expected: string } };
      expect(report.tills[0]!.cash).toEqual({ expected: z0.cash.expected, counted: '950000.00', difference: cashChange('950000.00', z0.cash.expected) });
      expect(report.tills[1]!.cash.difference.startsWith('-')).toBe(true);
      expect(report.tills[0]!.shifts[0]!.expected).toBe(z0.cash.expected);
      expect(report.tills.map((t) => t.missingZ.length)).toEqual([0, 0, 1]);
      expect(report.tills[2]!.missingZ[0]).toEqual({ shiftId: 1, sales: report.tills[2]!.sales });
      expect(report.tillsWithoutZ).toEqual([{ number: 3, name: 'Caja 3' }]);
      expect(report.zReports.count).toBe(2);
      expect(report.zReports.sales.total).toBe(sumAmounts([report.tills[0]!.sales.total, report.tills[1]!.sales.total]));
      expect(sumAmounts([report.zReports.sales.total, report.tills[2]!.sales.total])).toBe(report.sales.total);

      // The dashboard's today says what the day report says.
      const dash = dashboardSchema.parse((await backOffice(h, token, '/v1/back-office/dashboard')).body);
      expect(dash.today.date).toBe(date);
      expect(dash.today.sales).toEqual({ count: report.sales.count, total: report.sales.total });
      expect(dash.today.byMeans).toEqual(report.byMeans);
      expect(dash.today.taxes).toEqual(report.taxes);
      expect(dash.today.taxTotal).toBe(report.sales.taxTotal);
      expect(dash.today.byTill.map((t) => ({ count: t.count, total: t.total }))).toEqual(report.tills.map((t) => t.sales));
      expect(sumAmounts(dash.today.byHour.map((x) => x.total))).toBe(report.sales.total);
      expect(dash.today.byHour.reduce((n, x) => n + x.count, 0)).toBe(report.sales.count);
      expect(dash.week.sales).toEqual(dash.today.sales);
      expect(dash.dian.pending).toEqual(report.pending);
      expect(dash.dian.needsAttention).toEqual(report.needsAttention);
      expect(dash.dian.oldestWaitingAt).toBe(Math.min(...counting.filter((s) => s.service.state !== 'validated').map((s) => s.createdAt)));
      // Best sellers from the lines: the first is the product with the largest line total.
      const byProduct = new Map<string, string[]>();
      for (const s of counting) {
        calculateTotals(s.invoice.items).lines.forEach((l, k) => byProduct.set(s.invoice.items[k]!.code, [...(byProduct.get(s.invoice.items[k]!.code) ?? []), l.payable]));
      }
      const best = [...byProduct].map(([code, totals]) => ({ code, total: sumAmounts(totals) }))
        .sort((a, b) => Number(b.total) - Number(a.total) || a.code.localeCompare(b.code));
      expect(dash.today.topProducts.map((p) => ({ code: p.code, total: p.total }))).toEqual(best);
      // The sale corrected in place is reported with its new lines only.
      const detail = (await backOffice(h, token, `/v1/back-office/sales/${inPlace.sale.referenceCode}`)).body;
      expect(detail.lines.map((l: { quantity: string }) => l.quantity)).toEqual(['7']);
    });

    it('a day with no sales is all zeros and names no till', async () => {
      const people = await seedPeople(h);
      const token = await adminSession(h, people.owner);
      const report = dayReportSchema.parse((await backOffice(h, token, '/v1/back-office/day-report?date=2020-02-29')).body);
      expect(report.sales).toEqual({ count: 0, total: '0.00', gross: '0.00', discount: '0.00', taxTotal: '0.00' });
      expect(report.tills).toEqual([]);
      expect(report.tillsWithoutZ).toEqual([]);
      expect((await backOffice(h, token, '/v1/back-office/day-report?date=2021-02-29')).body.error.problems[0].field).toBe('date');
    });

    it('the change signal wakes a waiting dashboard when a till pushes sales, and not before', async () => {
      const people = await seedPeople(h);
      const till = await h.pairedTill();
      const token = await adminSession(h, people.owner);
      const first = (await backOffice(h, token, '/v1/back-office/changes')).body;
      const waiting = backOffice(h, token, `/v1/back-office/changes?since=${first.version}&wait=20`);
      await till.call('GET', '/v1/changes?since=0'); // a till's request that pushes nothing does not move it
      expect(await h.server.salesSignal.version()).toBe(first.version);
      const w = shopDayWindow(shopDateOf(Date.now()));
      await pushAll([till], daySales(w.from, w.to, 2).filter((s) => s.tillIndex === 0));
      const woken = (await waiting).body;
      expect(woken.changed).toBe(true);
      expect(woken.version).not.toBe(first.version);
      expect((await backOffice(h, token, `/v1/back-office/changes?since=${woken.version}`)).body).toEqual({ version: woken.version, changed: false });
    });
  });
}
