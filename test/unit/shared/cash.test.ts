import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBridgeInput } from '../../../shared/bridge/contract';
import { CASH_BILLS, tenderCash } from '../../../shared/cash';
import { consumidorFinal } from '../../../shared/customer';
import { cashDue } from '../../../shared/money';

const line = { code: 'GAS', name: 'Gaseosa', quantity: 1, unit_measure: '94', price: 10000, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] };
const charge = (cash: unknown, means = '10') => ({
  customer: consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '11001' }),
  items: [line], payment: { form_code: '1', means_code: means }, cash,
});

describe('cash at the counter', () => {
  it('asks for the total rounded half-up to 50 pesos, never changing whole amounts', () => {
    expect(cashDue('11900.00')).toBe('11900.00');
    expect(cashDue('11924.99')).toBe('11900.00');
    expect(cashDue('11925.00')).toBe('11950.00');
    expect(cashDue('1190.12')).toBe('1200.00');
    expect(cashDue('0.00')).toBe('0.00');
  });

  it('the amount asked is a multiple of 50 within 25 pesos of the total (property)', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), (centsTotal) => {
      const payable = `${centsTotal / 100n}.${String(centsTotal % 100n).padStart(2, '0')}`;
      const due = cashDue(payable);
      const dueCents = BigInt(due.replace('.', ''));
      expect(dueCents % 5000n).toBe(0n);
      const gap = dueCents - centsTotal;
      expect(gap > -2500n && gap <= 2500n).toBe(true); // half-up: 25 pesos rounds up
    }));
  });

  it('gives the change, or says how much is missing', () => {
    expect(tenderCash('11900.00', 20_000)).toEqual({ ok: true, tender: { received: '20000.00', due: '11900.00', change: '8100.00' } });
    expect(tenderCash('11900.00', 11_900)).toEqual({ ok: true, tender: { received: '11900.00', due: '11900.00', change: '0.00' } });
    expect(tenderCash('11900.00', 10_000)).toEqual({ ok: false, due: '11900.00', missing: '1900.00' });
    expect(CASH_BILLS).toEqual([2000, 5000, 10000, 20000, 50000, 100000]);
  });

  it('the bridge refuses a cash sale paid short, cash on a card, and cents or negative cash, by the field', () => {
    const short = parseBridgeInput('sales.charge', charge({ received: 10_000 }));
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.error.fields?.['cash.received']).toMatch(/at least \$11,900.*\$1,900 missing/);
    const card = parseBridgeInput('sales.charge', charge({ received: 20_000 }, '48'));
    expect(!card.ok && card.error.fields?.cash).toMatch(/only for a cash payment/);
    for (const received of [-1, 100.5, 1e12, '20000']) {
      const bad = parseBridgeInput('sales.charge', charge({ received }));
      expect(!bad.ok && Object.keys(bad.error.fields ?? {})).toEqual(['cash.received']);
    }
    expect(parseBridgeInput('sales.charge', charge({ received: 11_900 })).ok).toBe(true);
    expect(parseBridgeInput('sales.charge', charge(undefined)).ok).toBe(true);
  });
});
