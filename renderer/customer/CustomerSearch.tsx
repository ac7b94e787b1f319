/**
 * The customer panel opened (F4): search known customers by name or number, go back to consumidor final, or start a
 * new one. In the counter's late chunk (`renderer/sale/counter-later.ts`): closed, the panel is one line and needs
 * none of this.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CustomerDto } from '../../shared/bridge/types';
import { bridge } from '../bridge/client';
import { useCounterText } from '../i18n/counter-text';
import { NEW_CUSTOMER_ID } from './form-focus';

interface Props {
  text: string;
  setText(text: string): void;
  /** Consumidor final is already chosen (its button is off). */
  finalChosen: boolean;
  choose(customer: CustomerDto['customer'] | null): void;
  openNew(): void;
}

export function CustomerSearch({ text, setText, finalChosen, choose, openNew }: Props): ReactNode {
  const t = useCounterText();
  const [found, setFound] = useState<CustomerDto[]>([]);
  const request = useRef(0);

  useEffect(() => {
    const query = text.trim();
    const id = ++request.current;
    if (query.length < 2) {
      setFound([]);
      return;
    }
    const timer = setTimeout(() => {
      void bridge.call('customers.search', { text: query, limit: 8 }).then((answer) => {
        if (id === request.current) setFound(answer.ok ? answer.value : []);
      });
    }, 150);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div id="customer-body">
      <div className="field">
        <label htmlFor="customer-search">{t.customerSearch}</label>
        <input id="customer-search" type="search" value={text} autoComplete="off" spellCheck={false}
          placeholder={t.customerSearchHint} onChange={(e) => setText(e.target.value)} />
      </div>
      {found.length > 0 ? (
        <ul className="customer-results" aria-label={t.customerResults}>
          {found.map((c) => (
            <li key={`${c.customer.identification_type}-${c.customer.identification}`}>
              <button type="button" onClick={() => choose(c.customer)}>
                {c.customer.name} <span className="muted">{c.customer.identification}-{c.customer.dv}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : text.trim().length >= 2 ? <p className="muted">{t.noCustomers}</p> : null}
      <div className="actions">
        <button type="button" onClick={() => choose(null)} disabled={finalChosen}>{t.consumidorFinal}</button>
        <button type="button" id={NEW_CUSTOMER_ID} onClick={openNew}>{t.newCustomer}</button>
      </div>
    </div>
  );
}
