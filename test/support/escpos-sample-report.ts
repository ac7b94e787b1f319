/**
 * A shift's Z (or X) report as the core builds it (`shiftReport` over three sales: two cash, one card, one still
 * pending), for the ESC/POS tests and the pictures. The cash counted is 800 pesos short.
 */
import type { InvoiceItem } from '../../shared/api/invoice-request';
import type { ShiftReportDto } from '../../shared/bridge/types';
import { calculateTotals } from '../../shared/money';
import { cashCountTotal, fullCashCount } from '../../shared/shift';
import { shiftReport } from '../../electron/core/app/shift-report';
import type { ShiftRecord, ShiftSale } from '../../electron/core/store/shifts';

const OPENED = Date.UTC(2026, 10, 23, 13, 0, 0);
const CLOSED = Date.UTC(2026, 10, 23, 23, 30, 0);

const coffee: InvoiceItem = { code: 'CAF-500', name: 'Café molido 500 g', quantity: 2, unit_measure: '94', price: 18900, discount_rate: 10, taxes: [{ code: '01', rate: 19 }] };
const bread: InvoiceItem = { code: 'PAN-10', name: 'Pan de año nuevo', quantity: 1, unit_measure: '94', price: 4201.68, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] };
const lunch: InvoiceItem = { code: 'ALM-1', name: 'Almuerzo ejecutivo', quantity: 1, unit_measure: '94', price: 16000, discount_rate: 0, taxes: [{ code: '04', rate: 8 }] };

const sale = (id: number, items: InvoiceItem[], means: string, state: ShiftSale['state'], cashierName: string): ShiftSale => ({
  id, createdAt: OPENED + id * 60_000, items, payment: { form_code: '1', means_code: means },
  payable: calculateTotals(items).payable, state, cashierName,
});

export const SAMPLE_SHIFT_SALES: ShiftSale[] = [
  sale(1, [coffee, bread], '10', 'validated', 'Ana Gómez'), // 45 483.80 → asked 45 500 in cash
  sale(2, [lunch], '48', 'validated', 'Ana Gómez'), // 17 280.00 by card
  sale(3, [bread], '10', 'waiting', 'José Núñez'), // 5 000.00 in cash, not sent yet
];

/** 100 000 opening + 50 500 asked in cash = 150 500 expected; counted 149 700: 800 short. */
const COUNT = { bills: { '100000': 1, '20000': 2, '5000': 1, '2000': 2 }, coins: { '500': 1, '200': 1 } };

export function sampleShiftReport(kind: 'X' | 'Z'): ShiftReportDto {
  const shift: ShiftRecord = {
    id: 7, tillId: 'R7PFXA', tillName: 'Caja 1', openedAt: OPENED, openedBy: 'Ana Gómez', openingCash: '100000.00',
    closedAt: kind === 'Z' ? CLOSED : null, closedBy: kind === 'Z' ? 'José Núñez' : null, countedCash: null, cashCount: null, report: null,
  };
  return shiftReport({
    shift, sales: SAMPLE_SHIFT_SALES, takenAt: kind === 'Z' ? CLOSED : CLOSED - 3_600_000, unsent: { count: 1, oldestAt: OPENED + 180_000 },
    ...(kind === 'Z' ? { counted: { count: fullCashCount(COUNT), total: cashCountTotal(COUNT) } } : {}),
  });
}
