/** The cash typed for the sale on the counter, read against its payable: the payment panel and the change line share it. */
import { calculateTotals } from '../../shared/money';
import { useApp } from '../app/app-store';
import { readCart } from './cart';
import { readCash, type CashEntry } from './cash-entry';
import { useSale } from './sale-store';

export interface CashReading { payable: string; cash: CashEntry }

export function useCashReading(): CashReading {
  const locale = useApp((s) => s.locale);
  const lines = useSale((s) => s.lines);
  const means = useSale((s) => s.payment.means_code);
  const typed = useSale((s) => s.cashReceived);
  const payable = calculateTotals(readCart(lines, locale).inputs).payable;
  return { payable, cash: readCash(typed, payable, means, locale) };
}
