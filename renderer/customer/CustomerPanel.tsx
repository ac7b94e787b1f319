/**
 * F4: who is buying. Consumidor final by default; known customers by name or number; or a new one. Closed, it is one
 * line (the customer and "Cambiar"), so Cobrar stays in view; the customer form opens it too. Opened, its search
 * comes with the counter's late chunk (`CustomerSearch.tsx`) and its form with the schemas chunk.
 */
import { useState, type ReactNode } from 'react';
import type { CustomerDto } from '../../shared/bridge/types';
import { IDENTIFICATION_TYPES, labelOf } from '../../shared/codes';
import { focusSoon } from '../app/app-store';
import { useText } from '../i18n/use-text';
import { useSale } from '../sale/sale-store';
import { useCounterPanels } from '../sale/counter-panels';
import { CounterLaterPart } from '../sale/counter-later-loader';
import { LazyCustomerForm } from './LazyCustomerForm';
import { focusAfterCustomerForm, NEW_CUSTOMER_ID } from './form-focus';

export function CustomerPanel(): ReactNode {
  const t = useText();
  const customer = useSale((s) => s.customer);
  const setCustomer = useSale((s) => s.setCustomer);
  const form = useSale((s) => s.customerForm);
  const openForm = useSale((s) => s.openCustomerForm);
  const closeForm = useSale((s) => s.closeCustomerForm);
  const opened = useCounterPanels((s) => s.open.customer);
  const setOpened = useCounterPanels((s) => s.setOpen);
  const expanded = opened || form !== null;
  const [text, setText] = useState('');
  const choose = (chosen: CustomerDto['customer'] | null, returnFocusId: string | null = null) => {
    setCustomer(chosen);
    setText('');
    closeForm();
    setOpened('customer', false);
    focusSoon(focusAfterCustomerForm(returnFocusId, true));
  };
  const toggle = () => {
    if (expanded) {
      closeForm();
      setOpened('customer', false);
    } else {
      setOpened('customer', true);
      focusSoon('customer-search');
    }
  };
  // Esc in the open panel (the form handles its own Esc first) closes it; the cashier goes back to the products.
  const closeOnEscape = (key: string) => {
    if (key !== 'Escape' || !expanded || form) return;
    setOpened('customer', false);
    focusSoon('product-search');
  };
  const closeFormUnsaved = () => {
    const back = form?.returnFocusId ?? null;
    closeForm();
    focusSoon(focusAfterCustomerForm(back, false));
  };
  const openNew = () => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement.id : '';
    openForm({ initial: null, focusId: 'cf-type', returnFocusId: opener || NEW_CUSTOMER_ID });
  };

  return (
    <section className={`panel customer counter-panel${expanded ? ' open' : ''}`} aria-labelledby="customer-title"
      onKeyDown={(e) => closeOnEscape(e.key)}>
      <div className="panel-line">
        <h2 id="customer-title">{t.customer} <kbd>F4</kbd></h2>
        <p className="customer-current" data-testid="current-customer" title={customer?.name}>
          <strong>{customer ? customer.name : t.consumidorFinal}</strong>
          {customer ? (
            <span className="muted"> · {labelOf(IDENTIFICATION_TYPES, customer.identification_type)} {customer.identification}-{customer.dv}</span>
          ) : null}
        </p>
        <button type="button" className="small panel-toggle" aria-expanded={expanded} aria-controls="customer-body"
          aria-label={expanded ? t.closeCustomerPanel : t.changeCustomer} onClick={toggle}>
          {expanded ? t.closePanel : t.changePanel}
        </button>
      </div>
      {!expanded ? null : form ? (
        <div id="customer-body">
          <LazyCustomerForm key={form.id} request={form} typed={text} onDone={(c) => (c ? choose(c, form.returnFocusId) : closeFormUnsaved())} />
        </div>
      ) : (
        <CounterLaterPart>
          {(later) => <later.CustomerSearch text={text} setText={setText} finalChosen={customer === null} choose={(c) => choose(c)} openNew={openNew} />}
        </CounterLaterPart>
      )}
    </section>
  );
}
