/** One sale: lines, totals, payment, till and cashier, state, every send and the service's message, reprints; retry; its receipt. */
import { useEffect, useState, type ReactNode } from 'react';
import type { SaleDetailDto } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { formatDateTime } from '../format/date-time';
import { remoteStatusText } from '../format/remote-status';
import { saleNumberLabel } from '../format/sale-number';
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';
import { SaleCorrection } from './SaleCorrection';
import { SaleLines, SaleLog } from './SaleFacts';
import { canRetrySale, saleStateText } from './sale-state-text';

interface Props { id: number; version: string; onChanged(): void }

export function SaleDetail({ id, version, onChanged }: Props): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const tillName = useApp((s) => s.settings?.tillName ?? '');
  const openReceipt = useApp((s) => s.openReceipt);
  const notify = useApp((s) => s.notify);
  const [sale, setSale] = useState<SaleDetailDto | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    let live = true;
    void bridge.call('sales.get', { id }).then((answer) => {
      if (!live) return;
      setSale(answer.ok ? answer.value : null);
      setMissing(!answer.ok || answer.value === null);
    });
    return () => { live = false; };
  }, [id, version]);

  if (missing) return <p className="muted">{t.saleMissing}</p>;
  if (!sale) return <p className="muted">{t.loading}</p>;

  const shown = saleStateText(sale, t, tillName);
  // Each fact once: the till is in the title, the total under the lines, the service's status only when it says more.
  const remote = remoteStatusText(sale.remoteStatus, t);
  const retry = async () => {
    const answer = await callWithOwner('sales.retry', { id }, 'retry', t.approveRetry(saleNumberLabel(sale.tillName || tillName, sale.shortNumber)));
    if (answer.ok) {
      setSale(answer.value);
      notify('info', t.retryQueued(answer.value.referenceCode));
      onChanged();
    } else notify('error', describeBridgeError(answer.error, t));
  };

  return (
    <section className="panel sale-detail" aria-labelledby="sale-detail-title">
      <h2 id="sale-detail-title">{t.sale} {saleNumberLabel(sale.tillName || tillName, sale.shortNumber)}</h2>
      <dl className="facts">
        <div><dt>{t.state}</dt><dd><span className={shown.className}>{shown.text}</span></dd></div>
        {remote !== '—' && remote !== shown.text ? <div><dt>{t.remoteStatus}</dt><dd>{remote}</dd></div> : null}
        {sale.fullNumber ? <div><dt>{t.invoiceNumber}</dt><dd>{sale.fullNumber}</dd></div> : null}
        <div><dt>{t.date}</dt><dd>{formatDateTime(sale.createdAt, locale)}</dd></div>
        {sale.validatedAt ? <div><dt>{t.validatedAt}</dt><dd>{formatDateTime(sale.validatedAt, locale)}</dd></div> : null}
        <div><dt>{t.soldBy}</dt><dd>{sale.cashierName || t.historyNobody}</dd></div>
        <div><dt>{t.attempts}</dt><dd>{sale.attempts}</dd></div>
        <div className="wide"><dt>{t.reference}</dt><dd className="reference">{sale.referenceCode}</dd></div>
        <div className="wide"><dt>{t.customer}</dt><dd>{sale.customerName} ({sale.customerIdentification})</dd></div>
        {sale.cufe ? <div className="wide"><dt>CUFE</dt><dd className="cufe">{sale.cufe}</dd></div> : null}
      </dl>
      {sale.lastError ? <p className="message-box" role="alert"><strong>{t.serviceMessage}:</strong> {sale.lastError}</p> : null}
      <SaleLines sale={sale} t={t} locale={locale} />
      <SaleLog sale={sale} t={t} locale={locale} />
      <div className="actions">
        {canRetrySale(sale) ? <button type="button" className="primary" onClick={() => void retry()}>{t.retrySale}</button> : null}
        <button type="button" onClick={() => openReceipt(sale.id)}>{sale.state === 'validated' ? t.openReceipt : t.openSlip}</button>
      </div>
      <SaleCorrection sale={sale} version={version} onChanged={onChanged} />
    </section>
  );
}
