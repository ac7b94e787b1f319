/** The app's name, the three places a cashier goes (each with its key), and the notice line. */
import type { ReactNode } from 'react';
import { useText } from '../i18n/use-text';
import { focusSoon, useApp, type Screen } from './app-store';
import { NoticeLine } from './NoticeLine';
import { PersonBadge } from '../people/PersonBadge';

export function TopBar(): ReactNode {
  const t = useText();
  const screen = useApp((s) => s.screen);
  const show = useApp((s) => s.show);
  const tab = (target: Screen, label: string, key?: string) => (
    <button type="button" className={`tab ${screen === target ? 'current' : ''}`} aria-current={screen === target ? 'page' : undefined}
      onClick={() => { show(target); if (target === 'sale') focusSoon('product-search'); }}>
      {label}{key ? <> <kbd>{key}</kbd></> : null}
    </button>
  );
  return (
    <header className="top-bar">
      <span className="brand">Mostrador</span>
      <nav aria-label={t.mainNav}>
        {tab('sale', t.sale, 'F2')}
        {tab('history', t.history, 'F9')}
        {tab('customers', t.customers)}
        {tab('catalog', t.catalog, 'F6')}
        {tab('shifts', t.shift)}
        {tab('settings', t.settings, 'F10')}
        <button type="button" className={`tab ${screen === 'people' ? 'current' : ''}`} aria-current={screen === 'people' ? 'page' : undefined}
          onClick={() => show('people')}>{t.people}</button>
      </nav>
      <PersonBadge />
      <NoticeLine />
    </header>
  );
}
