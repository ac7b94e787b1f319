/** History over every till's sales at the server: the till's exact-match-first rule, filters, paging, detail. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { salesPageSchema, saleDetailSchema } from '../../../shared/shop/back-office';
import type { PushedSale } from '../../../shared/shop/contract';
import { adminSession, backOffice, pushAll, seedPeople } from './back-office-rig';
import { oneSale } from './back-office-samples';
import { startHarness, type Harness, type OpenDb } from './harness';

export function backOfficeHistorySuite(openDb: OpenDb): void {
  describe('back office: History over every till', () => {
    let h: Harness;
    let token: string;
    beforeEach(async () => {
      h = await startHarness(openDb);
      const people = await seedPeople(h);
      const tills = [await h.pairedTill('Caja 1'), await h.pairedTill('Caja 2'), await h.pairedTill('Caja 3')];
      const t0 = Date.UTC(2026, 2, 2, 14);
      const at = (minutes: number) => t0 + minutes * 60_000;
      const sales: Array<{ tillIndex: number; sale: PushedSale }> = [
        { tillIndex: 0, sale: oneSale('C1-NUM', 123, at(1)) },
        { tillIndex: 1, sale: oneSale('C2-NUM', 123, at(2)) },
        // Newer sales that merely contain "123" (a reference, an invoice number).
        { tillIndex: 2, sale: oneSale('REF-123-A', 900, at(10)) },
        { tillIndex: 2, sale: oneSale('REF-123-B', 901, at(11)) },
        { tillIndex: 0, sale: oneSale('INV-EXACT', 77, at(3), { fullNumber: 'SETP990000123' }) },
        { tillIndex: 1, sale: oneSale('INV-LONGER', 78, at(12), { fullNumber: 'SETP9900001234' }) },
        // A buyer by NIT, and a newer buyer whose identification merely contains it.
        { tillIndex: 0, sale: oneSale('NIT-EXACT', 40, at(4), { identification: '900373115', buyer: 'Ferretería Peña S.A.S.' }) },
        { tillIndex: 1, sale: oneSale('NIT-PART', 41, at(13), { identification: '1900373115', buyer: 'José Gómez' }) },
        // A CUFE that starts with abcd, and a newer reference containing it.
        { tillIndex: 2, sale: oneSale('CUFE-SALE', 50, at(5), { cufe: `abcd${'0'.repeat(92)}` }) },
        { tillIndex: 2, sale: oneSale('X-abcd-1', 51, at(14)) },
      ];
      await pushAll(tills, sales);
      token = await adminSession(h, people.owner);
    });
    afterEach(async () => { await h.close(); });

    const search = async (q: string, extra = '') => {
      const answer = await backOffice(h, token, `/v1/back-office/sales?q=${encodeURIComponent(q)}${extra}`);
      expect(answer.status).toBe(200);
      return salesPageSchema.parse(answer.body);
    };
    const refs = async (q: string, extra = '') => (await search(q, extra)).sales.map((s) => s.referenceCode);

    it('a sale number typed bare lists that number\'s sales first (every till, newest first), then the fragments', async () => {
      expect(await refs('123')).toEqual(['C2-NUM', 'C1-NUM', 'INV-LONGER', 'REF-123-B', 'REF-123-A', 'INV-EXACT']);
    });

    it('a sale number as the till writes it finds that sale alone: «Caja 1 · 000123» one sale, «000123» that number at each till, never a fragment', async () => {
      expect(await refs('Caja 1 · 000123')).toEqual(['C1-NUM']);
      expect(await refs('caja 2\u00a0·\u00a0000123')).toEqual(['C2-NUM']);
      expect(await refs('000123')).toEqual(['C2-NUM', 'C1-NUM']);
      expect(await refs('Caja 9 · 000123')).toEqual([]);
    });

    it('a till\'s name typed whole lists every sale of that till, newest first; the summary names the till now and the name the sale was made with', async () => {
      const page = await search('Caja 2');
      expect(page.sales.map((s) => s.referenceCode)).toEqual(['NIT-PART', 'INV-LONGER', 'C2-NUM']);
      expect(page.sales.every((s) => s.tillNumber === 2 && s.tillName === 'Caja 2' && s.saleTillName === 'Caja 2')).toBe(true);
    });

    it('an invoice number typed whole comes before the longer numbers it starts, with or without its letters', async () => {
      expect(await refs('SETP990000123')).toEqual(['INV-EXACT', 'INV-LONGER']);
      expect((await refs('990000123')).slice(0, 2)).toEqual(['INV-EXACT', 'INV-LONGER']);
    });

    it('a NIT typed whole lists that buyer before buyers that merely contain it; a CUFE\'s start before fragments', async () => {
      expect(await refs('900.373.115-3')).toEqual(['NIT-EXACT', 'NIT-PART']);
      expect(await refs('abcd')).toEqual(['CUFE-SALE', 'X-abcd-1']);
      expect(await refs('pena')).toEqual(['NIT-EXACT']); // accents and case folded
    });

    it('filters, pages and counts; the detail carries the sale, its lines and taxes', async () => {
      const all = await search('');
      expect(all.total).toBe(10);
      expect(all.sales[0]!.referenceCode).toBe('X-abcd-1');
      expect((await search('', '&till=2')).sales.every((s) => s.tillNumber === 2)).toBe(true);
      expect(await refs('123', '&limit=2&offset=1')).toEqual(['C1-NUM', 'INV-LONGER']);
      expect((await search('123', '&limit=2')).total).toBe(6);
      expect((await search('zzz-nothing')).sales).toEqual([]);
      expect((await backOffice(h, token, '/v1/back-office/sales?limit=0')).body.error.problems[0].field).toBe('limit');
      const detail = saleDetailSchema.parse((await backOffice(h, token, '/v1/back-office/sales/INV-EXACT')).body);
      expect(detail.summary).toMatchObject({ tillNumber: 1, saleNumber: 77, fullNumber: 'SETP990000123', total: '2142.00' });
      expect(detail.lines).toEqual([expect.objectContaining({ code: 'CAF-01', quantity: '2', base: '2000.00', discount: '200.00', lineAmount: '1800.00', payable: '2142.00' })]);
      expect(detail.taxes).toEqual([{ code: '01', rate: '19', taxableAmount: '1800.00', amount: '342.00' }]);
      expect((await backOffice(h, token, '/v1/back-office/sales/NO-SUCH')).status).toBe(404);
    });
  });
}
