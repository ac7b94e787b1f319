/** The F-keys and Esc, wherever the focus is. */
import { useEffect } from 'react';
import { chargeSale } from '../sale/charge-sale';
import { parkSale } from '../sale/park-sale';
import { openRecallList } from '../sale/ParkedSales';
import { openCounterPanel } from '../sale/counter-panels';
import { focusSoon, useApp } from './app-store';
import { commandFor, type Command } from './shortcuts';

function run(command: Command): void {
  const app = useApp.getState();
  if (command === 'focus-product-search') {
    app.show('sale');
    focusSoon('product-search');
    return;
  }
  // F4 / F8 open their panel (one line while closed) and put the focus in it.
  if (command === 'focus-customer' || command === 'focus-payment') {
    app.show('sale');
    if (command === 'focus-customer') openCounterPanel('customer', 'customer-search');
    else openCounterPanel('payment', 'payment-means');
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
    // Tienda holds the owner's session: Esc closes the notice in front there and nothing more (issue 26); leaving is
    // an explicit action (a tab of the top bar, or «Salir»).
    if (app.screen === 'owner') return;
    if (app.screen === 'receipt') app.show(app.receiptFrom);
    else if (app.screen !== 'sale') app.show('sale');
  }
}

export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandFor(event);
      if (!command) return;
      // The back-office PC has no counter for the F-keys to go to; Esc there closes the notice in front, if any.
      if (useApp.getState().info?.mode === 'back-office') {
        if (command === 'close' && useApp.getState().notice) useApp.getState().clearNotice();
        return;
      }
      // Esc inside an open form or list is handled there first (it stops propagation).
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
