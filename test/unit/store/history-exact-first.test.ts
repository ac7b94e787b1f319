/**
 * History lists exact matches first (issue 18), on a real SQLite file: a sale number typed bare finds that sale
 * ahead of the hundreds of newer sales whose reference or buyer merely contains the digits; then invoice numbers,
 * then fragments. The same for a NIT typed whole and the start of a CUFE.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '../../../shared/api/document';
import { openStore, type RecordedSale, type SaleInput, type Store } from '../../../electron/core/store';

const RANGE = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

function sale(identification: string, name: string): SaleInput {
  return {
    customer: {
      identification_type: '13', identification, dv: '0', person_type: '2', name, tax_regime: '49',
      email: 'cliente@correo.example.co', municipality_code: '11001',
    },
    items: [{ code: 'P-001', name: 'Arroz 500 g', quantity: 1, unit_measure: '94', price: 2500, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] }],
    payment: { form_code: '1', means_code: '10' },
    numberingRangeId: RANGE,
  };
}

let dir: string;
let store: Store;
const recorded: RecordedSale[] = [];
const validate = (r: RecordedSale, fullNumber: string, cufe: string) => store.markValidated(r.entryId, readDocument({
  id: `d-${r.saleId}`, status: 'VALIDATED', reference_code: r.referenceCode, full_number: fullNumber, cufe,
}));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-exact-'));
  let clock = Date.UTC(2026, 0, 5, 13, 0, 0);
  store = openStore({ path: join(dir, 'pos.sqlite'), now: () => (clock += 60_000) });
  // 700 sales; from the 600th on, every buyer's cédula holds "581" and every name "abcd": newer fragments than
  // the exact matches below, more of them than a page.
  for (let i = 1; i <= 700; i++) {
    recorded.push(store.recordSale(i <= 600
      ? sale(i === 50 ? '900373115' : String(20_000_000 + i), `Cliente ${i}`)
      : sale(`1${i}581${i}`, `Tienda Abcd ${i}`)));
  }
  validate(recorded[99]!, 'SETP581', 'abcd'.padEnd(96, '0'));
  validate(recorded[199]!, 'SETP5810', 'ef01'.padEnd(96, '0'));
  // Buyers whose identification merely contains the NIT, newer than its own sale.
  for (let i = 0; i < 3; i++) recorded.push(store.recordSale(sale(`1900373115${i}`, `Otro ${i}`)));
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const shortNumbers = (text: string, limit = 100) => store.searchSales({ text, limit }).sales.map((s) => s.shortNumber);

describe('exact matches first', () => {
  it('lists the sale with the number typed bare first, then the invoice with that number, then fragments newest first', () => {
    const found = shortNumbers('581');
    expect(found[0]).toBe(581);
    expect(found[1]).toBe(100); // SETP581: the invoice number typed whole
    expect(found[2]).toBe(200); // SETP5810: an invoice number starting with it
    expect(found[3]).toBe(700); // then the newest of the fragments
    expect(found.slice(3)).toEqual([...found.slice(3)].sort((a, b) => b - a));
    expect(store.searchSales({ text: '581', limit: 100 }).total).toBeGreaterThan(100);
    expect(shortNumbers('Caja 1 · 000581', 1)).toEqual([581]);
  });

  it('keeps the order across pages', () => {
    const all = shortNumbers('581', 200);
    const pages = [0, 1, 2, 3].flatMap((page) => store.searchSales({ text: '581', limit: 50, offset: page * 50 }).sales.map((s) => s.shortNumber));
    expect(pages).toEqual(all.slice(0, pages.length));
  });

  it('lists the buyer with the NIT typed whole before buyers whose number contains it', () => {
    expect(shortNumbers('900373115')).toEqual([50, 703, 702, 701]);
    expect(shortNumbers('900.373.115-3')[0]).toBe(50);
  });

  it('lists the sale whose CUFE starts with the text before buyers whose name contains it', () => {
    const found = shortNumbers('abcd');
    expect(found[0]).toBe(100);
    expect(found.slice(1, 4)).toEqual([700, 699, 698]);
  });
});
