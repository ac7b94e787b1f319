/**
 * The customer directory: search by name (accents and case ignored) or identification, edit a customer or add one
 * with the same form and the same shared rule as the counter, and the CSV import and export.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CustomerDto } from '../../shared/bridge/types';
import { IDENTIFICATION_TYPES, labelOf } from '../../shared/codes';
import { LIMITS } from '../../shared/limits';
import { useApp } from '../app/app-store';
import { ListDetail } from '../app/ListDetail';
import { BackOffice, Toolbar } from '../app/Toolbar';
import { bridge } from '../bridge/client';
import { CustomerForm } from '../customer/CustomerForm';
import { municipalityName } from '../customer/customer-draft';
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';
import { CustomerImport } from './CustomerImport';

interface Editing { id: number | null; form: number; initial: CustomerDto['customer'] | null }

export function CustomersScreen(): ReactNode {
  const t = useScreenText();
  const notify = useApp((s) => s.notify);
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ customers: CustomerDto[]; total: number }>({ customers: [], total: 0 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [reloads, setReloads] = useState(0);
  const request = useRef(0);
  const forms = useRef(0);

  useEffect(() => {
    const id = ++request.current;
    const timer = setTimeout(() => {
      void bridge.call('customers.list', { text: text.trim(), limit: LIMITS.customerPageSize }).then((answer) => {
        if (id === request.current && answer.ok) setFound(answer.value);
      });
    }, 150);
    return () => clearTimeout(timer);
  }, [text, reloads]);
  /** The next page, after the ones shown (a directory of thousands is read a page at a time). */
  const more = async () => {
    const id = request.current;
    const answer = await bridge.call('customers.list', { text: text.trim(), limit: LIMITS.customerPageSize, offset: found.customers.length });
    if (id === request.current && answer.ok) setFound((f) => ({ total: answer.value.total, customers: [...f.customers, ...answer.value.customers] }));
  };
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const edit = (id: number | null, initial: CustomerDto['customer'] | null) => setEditing({ id, initial, form: ++forms.current });
  const done = (saved: CustomerDto['customer'] | null) => {
    setEditing(null);
    if (saved) {
      notify('info', t.customerSaved(saved.name));
      reload();
    }
  };

  const form = editing ? (
    <CustomerForm key={editing.form} request={{ id: editing.form, initial: editing.initial, focusId: 'cf-type', returnFocusId: 'customers-search' }}
      submitLabel={t.saveCustomer} onDone={done}
      save={(customer) => (editing.id === null
        ? callWithOwner('customers.save', { customer }, 'customer-tax', t.approveCustomerSave(customer.name))
        : callWithOwner('customers.update', { id: editing.id, customer }, 'customer-tax', t.approveCustomerSave(customer.name)))} />
  ) : null;
  return (
    <BackOffice className="customers-screen">
      <Toolbar title={t.customersTitle}>
        <div className="toolbar-tools">
          <div className="field grow">
            <label htmlFor="customers-search">{t.customersSearch}</label>
            <input id="customers-search" type="search" value={text} autoComplete="off" spellCheck={false}
              placeholder={t.customerSearchHint} onChange={(e) => setText(e.target.value)} />
          </div>
          <button type="button" onClick={() => edit(null, null)}>{t.newCustomer}</button>
        </div>
      </Toolbar>
      {/* The form places its own focus (its first field); nothing being edited: the panel holds the CSV import. */}
      <ListDetail panelKey={editing?.form ?? null} focusField={false} onClosePanel={editing ? () => setEditing(null) : undefined}
        panel={form ?? <CustomerImport onImported={reload} />}
        list={(
          <section aria-label={t.customersTitle}>
            <p className="muted">{found.total === 0 ? t.customersNone : t.customersFound(found.customers.length, found.total)}</p>
            {found.customers.length > 0 ? (
              <table className="customers-table fit-table compact-rows" aria-label={t.customersTable}>
                <thead>
                  <tr><th scope="col">{t.customerName}</th><th scope="col" className="col-p2">{t.identification}</th><th scope="col" className="col-p4">{t.email}</th>
                    <th scope="col" className="col-p3">{t.municipality}</th><th scope="col"><span className="visually-hidden">{t.actions}</span></th></tr>
                </thead>
                <tbody>
                  {found.customers.map(({ id, customer: c }) => (
                    <tr key={id ?? `${c.identification_type}-${c.identification}`}>
                      <th scope="row">{c.name}</th>
                      <td className="col-p2">{labelOf(IDENTIFICATION_TYPES, c.identification_type)} {c.identification}-{c.dv}</td>
                      <td className="col-p4">{c.email}</td>
                      <td className="col-p3">{municipalityName(c.municipality_code) ?? c.municipality_code}</td>
                      <td><div className="row-actions"><button type="button" aria-label={t.editNamed(c.name)} onClick={() => edit(id, c)}>{t.edit}</button></div></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {found.total > found.customers.length ? (
              <button type="button" onClick={() => void more()}>{t.moreCustomers}</button>
            ) : null}
          </section>
        )} />
    </BackOffice>
  );
}
