/**
 * A till as the testers had it: an owner and a cashier set up, the cashier signed in, and a few sales already in
 * History (made by the cashier through the same bridge the page uses, at catalog prices, so nothing needs approval).
 */
import { consumidorFinal } from '../../shared/customer';
import { saleNumberLabel } from '../../renderer/format/sale-number';
import type { AppProcess } from './app-process';
import { callCore } from './core-bridge';

export const OWNER = { name: 'Ana Dueña', pin: '2468' };
export const CASHIER = { name: 'Beto Cajero', pin: '1357' };

/** A company buyer with a long name: the History column and the sale detail must hold it. */
const COMPANY = {
  identification_type: '31', identification: '800197268', dv: '4', person_type: '1', name: 'Distribuidora El Faro S.A.S.',
  tax_regime: '48', email: 'compras@elfaro.example.co', municipality_code: '05001',
};
const walkIn = () => consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });

// From electron/core/app/demo-catalog.ts, at their catalog prices.
const CAFE = { code: 'CAF-500', name: 'Café molido tradicional 500 g', unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] };
const ACEITE = { code: 'ACE-1L', name: 'Aceite de girasol 1 L', unit_measure: 'LTR', price: 12900, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] };
const ARROZ = { code: 'ARZ-1KG', name: 'Arroz blanco 1 kg', unit_measure: 'KGM', price: 4950, discount_rate: 0, taxes: [{ code: '01', rate: 0 }] };

export interface StaffedTill {
  cashierId: number;
  ownerId: number;
  /** Each sale's number as the screens write it ("Caja 1 · 000002"); the second is the company's. */
  saleNumbers: string[];
}

export async function staffTill(app: AppProcess): Promise<StaffedTill> {
  // The first person must be an owner, and is then the one selling; the owner adds the cashier, who signs in.
  const owner = await callCore(app, 'people.save', { person: { name: OWNER.name, role: 'owner', pin: OWNER.pin } });
  const cashier = await callCore(app, 'people.save', { person: { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin } });
  await callCore(app, 'people.signIn', { personId: cashier.id, pin: CASHIER.pin });
  // With people set up a till sells inside a shift (issue 26): the cashier's, left open.
  await callCore(app, 'shifts.open', { openingCash: 100000 });

  const sales = [
    { customer: walkIn(), items: [{ ...CAFE, quantity: 2 }, { ...ARROZ, quantity: 1 }], payment: { form_code: '1', means_code: '10' }, cash: { received: 50000 } },
    { customer: COMPANY, items: [{ ...ACEITE, quantity: 12 }, { ...CAFE, quantity: 6 }], payment: { form_code: '1', means_code: '47' } },
    { customer: walkIn(), items: [{ ...ARROZ, quantity: 3 }], payment: { form_code: '1', means_code: '49' } },
  ];
  const saleNumbers: string[] = [];
  for (const sale of sales) {
    const charged = await callCore(app, 'sales.charge', sale);
    const detail = await callCore(app, 'sales.get', { id: charged.saleId });
    saleNumbers.push(saleNumberLabel(detail?.tillName ?? '', charged.shortNumber));
  }
  return { cashierId: cashier.id, ownerId: owner.id, saleNumbers };
}
