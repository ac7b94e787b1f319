/**
 * "Clientes de la tienda" (issue 21): the shop server's customers, edited once for every till with the till's own
 * customer form (DV checked, codes from their lists: shared/customer.ts). A save carries the version opened; a
 * customer someone else saved meanwhile is shown as it is now, never overwritten.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import type { BridgeEnvelope } from '../../shared/bridge/contract';
import type { CustomerDto } from '../../shared/bridge/types';
import type { CustomerRecord } from '../../shared/shop/back-office-records';
import { useApp } from '../app/app-store';
import { ListDetail } from '../app/ListDetail';
import { bridge } from '../bridge/client';
import { CustomerForm } from '../customer/CustomerForm';
import { useScreenText } from '../i18n/screen-text';
import { useRecordPage } from './use-record-page';

interface Editing { record: CustomerRecord | null; stale: string | null; form: number }

export function ShopCustomersView({ onClosed }: { onClosed(): void }): ReactNode {
  const t = useScreenText();
  const notify = useApp((s) => s.notify);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useRecordPage('shop.customers', (v) => ({ rows: v.customers, total: v.total }), onClosed);
  useEffect(() => { if (list.problem) notify('error', list.problem); }, [list.problem]);

  const save = async (customer: InvoiceCustomer): Promise<BridgeEnvelope<CustomerDto> | null> => {
    const opened = editing?.record ?? null;
    const answer = await bridge.call('shop.saveCustomer', { key: opened?.key ?? null, customer, baseVersion: opened?.version ?? null });
    if (!answer.ok) {
      if (answer.error.reason === 'BACK_OFFICE_CLOSED') { onClosed(); return null; }
      const rule = answer.error.reason ? t.shopRecordProblem[answer.error.reason] : undefined;
      return rule ? { ok: false, error: { ...answer.error, fields: { 'customer.identification': rule } } } : answer;
    }
    if (answer.value.outcome === 'stale') {
      setEditing({ record: answer.value.current, stale: opened ? t.shopStaleCustomer : t.shopStaleNew, form: Date.now() });
      list.reload();
      return null;
    }
    notify('info', t.shopSavedForAll(answer.value.record.customer.name));
    return { ok: true, value: { id: null, customer: answer.value.record.customer } };
  };

  const panel = editing ? (
    <section aria-label={editing.record ? t.shopEditCustomer : t.shopNewCustomer}>
      {editing.record ? <p className="muted">{t.shopVersion(editing.record.version)}</p> : null}
      {editing.stale ? <p role="status" className="day-warning" data-testid="shop-stale">{editing.stale}</p> : null}
      <CustomerForm key={editing.form} request={{ id: editing.form, initial: editing.record?.customer ?? null, focusId: 'cf-type', returnFocusId: null }}
        submitLabel={t.shopCustomerSave} save={save} onDone={(saved) => { setEditing(null); if (saved) list.reload(); }} />
    </section>
  ) : null;

  return (
    <ListDetail panel={panel} panelKey={editing ? editing.form : null} onClosePanel={() => setEditing(null)}
      list={(
        <section className="shop-records" aria-label={t.ownerCustomers}>
          <p className="muted">{t.shopRecordsNote}</p>
          <div className="row owner-search">
            <label className="field">{t.shopSearchCustomers}
              <input type="search" value={list.text} maxLength={120} onChange={(e) => list.setText(e.target.value)} />
            </label>
            <button type="button" onClick={() => setEditing({ record: null, stale: null, form: Date.now() })}>{t.shopNewCustomer}</button>
          </div>
          <p role="status" className="muted">{t.shopCustomersFound(list.rows.length, list.total)}</p>
          {list.rows.length > 0 ? (
            <table className="fit-table compact-rows" data-testid="shop-customers">
              <caption className="visually-hidden">{t.ownerCustomers}</caption>
              <thead><tr><th scope="col">{t.customerName}</th><th scope="col" className="col-p2">{t.shopIdentification}</th><th scope="col" className="col-p3">{t.email}</th><th scope="col"><span className="visually-hidden">{t.actions}</span></th></tr></thead>
              <tbody>{list.rows.map((r) => (
                <tr key={r.key}>
                  <td>{r.customer.name}</td>
                  <td className="col-p2 nowrap">{r.customer.identification}{r.customer.identification_type === '31' ? `-${r.customer.dv}` : ''}</td>
                  <td className="col-p3">{r.customer.email}</td>
                  <td><div className="row-actions"><button type="button" aria-label={`${t.shopEditCustomer}: ${r.customer.name}`}
                    onClick={() => setEditing({ record: r, stale: null, form: Date.now() })}>{t.shopEditCustomer}</button></div></td>
                </tr>
              ))}</tbody>
            </table>
          ) : null}
          {list.canMore ? <button type="button" onClick={list.more}>{t.shopMore}</button> : null}
        </section>
      )} />
  );
}
