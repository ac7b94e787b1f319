/**
 * The change in large type, by the total: what to hand back for the cash typed now, what is missing, or — once the
 * sale is charged, until the next one starts — what to hand back for the sale just charged.
 */
import type { ReactNode } from 'react';
import { formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { useText } from '../i18n/use-text';
import { useSale } from './sale-store';
import { useCashReading } from './use-cash-reading';

export function CashChange(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const last = useSale((s) => s.lastCharge);
  const empty = useSale((s) => s.lines.length === 0);
  const { payable, cash } = useCashReading();
  const money = (amount: string) => formatCop(amount, locale);
  if (cash.kind === 'ok') {
    return (
      <div className="change-line">
        {cash.tender.due !== payable ? <p className="muted cash-due">{t.cashDueRounded(money(cash.tender.due))}</p> : null}
        <p className="cash-change" aria-live="polite">
          <span>{t.cashChange}</span> <strong data-testid="cash-change">{money(cash.tender.change)}</strong>
        </p>
      </div>
    );
  }
  if (cash.kind === 'short') {
    return (
      <p className="cash-change short" aria-live="polite" role="alert">
        <span>{t.cashMissing}</span> <strong data-testid="cash-missing">{money(cash.missing)}</strong>
      </p>
    );
  }
  // Only while the counter is empty: beside the next sale's total it would read as that sale's change.
  if (cash.kind === 'none' && empty && last?.cash) {
    return (
      <p className="cash-change last" aria-live="polite">
        <span>{t.lastChange}</span> <strong data-testid="last-change">{money(last.cash.change)}</strong>
      </p>
    );
  }
  return null;
}
