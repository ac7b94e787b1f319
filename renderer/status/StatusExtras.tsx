/**
 * The status bar's lines that speak only in some states (the shop server, sales waiting too long, the printer, the
 * backup's age, a refused update): in the counter's late chunk, so they never weigh on the first download. They show
 * a moment after the counter, from the same status snapshot.
 */
import type { ReactNode } from 'react';
import { useApp } from '../app/app-store';
import { useText } from '../i18n/use-text';
import { UnsentAlert } from '../shifts/UnsentAlert';
import { BackupWarning } from './BackupWarning';
import { PrinterStatus } from './PrinterStatus';
import { invoicingRateText, selfConfirmText, shopServerLineText, shopTrafficText } from './shop-server-line';
import { UpdateRefusalWarning } from './UpdateRefusalWarning';

export function StatusExtras(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const status = useApp((s) => s.status);
  const shop = status ? shopServerLineText(status.shopServer, t, locale, Date.now()) : null;
  const ownRate = status ? invoicingRateText(status.shopServer, status.invoicingRate, t) : null;
  const selfConfirm = status ? selfConfirmText(status.shopServer, status.confirmations, t) : null;
  const traffic = status ? shopTrafficText(status.confirmations, t) : null;
  return (
    <>
      {shop ? <span className={`shop-server${shop.away ? ' away' : ''}`} role="status">{shop.text}</span> : null}
      {ownRate ? <span className="shop-server away" role="status" data-testid="own-rate">{ownRate}</span> : null}
      {selfConfirm ? <span className="shop-server away" role="status" data-testid="self-confirm">{selfConfirm}</span> : null}
      {traffic ? <span className="shop-server" role="status" data-testid="shop-traffic">{traffic}</span> : null}
      <UnsentAlert />
      <PrinterStatus />
      <BackupWarning />
      <UpdateRefusalWarning />
    </>
  );
}
