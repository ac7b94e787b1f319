/** The Cobrar button (F12) and the sale just charged, with its receipt one key away. */
import type { ReactNode } from 'react';
import { formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { CHARGE_BUTTON_ID } from '../customer/form-focus';
import { saleNumberLabel } from '../format/sale-number';
import { useText } from '../i18n/use-text';
import { chargeSale } from './charge-sale';
import { ConfirmTotal } from './ConfirmTotal';
import { useLastSaleFate } from './last-sale-fate';
import { useSale } from './sale-store';

export function ChargeBar(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const openReceipt = useApp((s) => s.openReceipt);
  const charging = useSale((s) => s.charging);
  const empty = useSale((s) => s.lines.length === 0);
  const last = useSale((s) => s.lastCharge);
  const tillName = useApp((s) => s.settings?.tillName ?? '');
  const fate = useLastSaleFate(last);
  return (
    <div className="charge-bar">
      <ConfirmTotal />
      <button type="button" id={CHARGE_BUTTON_ID} className="charge" disabled={charging || empty} onClick={() => void chargeSale()}>
        {charging ? t.charging : t.charge} <kbd>F12</kbd>
      </button>
      {last ? (
        <p className="last-charge">
          {t.lastSale}:{' '}
          {last.shortNumber !== undefined ? <strong data-testid="last-sale-number">{saleNumberLabel(tillName, last.shortNumber)}</strong> : null}{' '}
          <span className="muted">{last.referenceCode}</span> · {formatCop(last.payable, locale)}{' '}
          {fate ? (
            <span className={`last-sale-fate fate-${fate.state}`} role="status" data-testid="last-sale-fate" data-sale-id={fate.saleId}>
              {fate.state === 'validated' ? t.lastSaleValidated(fate.fullNumber ?? '') : fate.state === 'needs_attention' ? t.lastSaleNeedsAttention : t.lastSaleValidating}
            </span>
          ) : null}{' '}
          <button type="button" className="link" onClick={() => openReceipt(last.saleId)}>{fate?.state === 'validated' ? t.openReceipt : t.openSlip}</button>
        </p>
      ) : null}
      {last?.cash ? (
        <p className="cash-change last" aria-live="polite">
          <span>{t.lastChange}</span> <strong data-testid="last-change">{formatCop(last.cash.change, locale)}</strong>
        </p>
      ) : null}
    </div>
  );
}
