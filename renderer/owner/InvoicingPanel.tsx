/**
 * Issue 28: the shop's traffic with the invoicing service in Tienda — the requests of the whole shop in the last
 * minute against the limit, who confirms the invoices (the server for every till, or each till itself and why),
 * documents waiting per till, and the webhooks the server heard.
 */
import type { ReactNode } from 'react';
import type { ShopInvoicingStatus } from '../../shared/shop/confirmations';
import { useScreenText } from '../i18n/screen-text';
import { TableScroll } from './fit';

export function InvoicingPanel({ status, at }: { status: ShopInvoicingStatus; at: number }): ReactNode {
  const t = useScreenText();
  const busy = status.limit > 0 && status.requestsLastMinute >= status.limit * 0.9;
  return (
    <section className="dash-panel dash-invoicing" aria-labelledby="dash-invoicing" data-testid="dash-invoicing">
      <h2 id="dash-invoicing">{t.invHeading}</h2>
      <p className={busy ? 'warn' : undefined} data-testid="dash-inv-requests">{status.limit > 0 ? t.invRequests(status.requestsLastMinute, status.limit) : t.invRequestsNoLimit(status.requestsLastMinute)}</p>
      <p data-testid="dash-inv-credentials">{t.invCredentials[status.credentials]}</p>
      {status.tills.length > 0 ? (
        <TableScroll label={t.invHeading}>
          <table className="dash-table" data-testid="dash-inv-tills">
            <caption className="visually-hidden">{t.invHeading}</caption>
            <thead><tr>
              <th scope="col">{t.invTill}</th><th scope="col" className="num">{t.invWaiting}</th><th scope="col">{t.invWho}</th><th scope="col">{t.invLastReport}</th>
            </tr></thead>
            <tbody>{status.tills.map((till) => (
              <tr key={till.tillId}>
                <th scope="row">{till.name}</th>
                <td className="num">{till.waiting}</td>
                <td>{till.confirmsItself ? t.invByTill : t.invByServer}</td>
                <td>{till.lastWatchAt === null ? t.invNever : t.invAgo(Math.max(0, at - till.lastWatchAt))}</td>
              </tr>
            ))}</tbody>
          </table>
        </TableScroll>
      ) : null}
      <p data-testid="dash-inv-webhooks">{status.webhooks.configured
        ? t.invWebhooks(status.webhooks.received, status.webhooks.lastAt === null ? null : t.invAgo(Math.max(0, at - status.webhooks.lastAt)))
        : t.invNoWebhooks}</p>
    </section>
  );
}
