/** The F-keys and Esc, wherever the focus is. */
import { useEffect } from 'react';
import { chargeSale } from '../sale/charge-sale';
import { parkSale } from '../sale/park-sale';
import { openRecallList } from '../sale/ParkedSales';
import { focusSoon, useApp } from './app-store';
import { commandFor, type Command } from './shortcuts';

const FOCUS: Partial<Record<Command, string>> = {
  'focus-product-search': 'product-search',
  'focus-customer': 'customer-search',
  'focus-payment': 'payment-means',
};

function run(command: Command): void {
  const app = useApp.getState();
  const target = FOCUS[command];
  if (target) {
    app.show('sale');
    focusSoon(target);
    return;
  }
  if (command === 'charge') {
    if (app.screen === 'sale') void chargeSale();
  } else if (command === 'open-history') app.show('history');
  else if (command === 'open-settings') app.show('settings');
  else if (command === 'open-catalog') app.show('catalog');
  else if (command === 'open-customers') app.show('customers');
  else if (command === 'park-sale') {
    if (app.screen === 'sale') void parkSale();
  } else if (command === 'recall-sale') {
    app.show('sale');
    openRecallList();
  }
  else if (command === 'close') {
    if (app.notice) app.clearNotice();
    if (app.screen === 'receipt') app.show(app.receiptFrom);
    else if (app.screen !== 'sale') app.show('sale');
  }
}

export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandFor(event);
      if (!command) return;
      // Esc inside an open form or list is handled there first (it stops propagation).
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
