/**
 * The app's name, the places a cashier goes (each with its key) and who is selling, in one row of one height at every
 * width: where the bar is short, the less used screens move into "Más" (MoreScreens). Notices are not here: they lie
 * over the screen (NoticeToast), so the bar never grows.
 */
import { useRef, type ReactNode } from 'react';
import { useText } from '../i18n/use-text';
import { focusSoon, useApp, type Screen } from './app-store';
import { MoreScreens, type ScreenTab } from './MoreScreens';
import { PersonBadge } from '../people/PersonBadge';
import { usePeople } from '../people/people-store';
import { useBarFit } from './use-bar-fit';

export function TopBar(): ReactNode {
  const t = useText();
  const screen = useApp((s) => s.screen);
  const show = useApp((s) => s.show);
  const bar = useRef<HTMLElement>(null);
  const level = useBarFit(bar, usePeople((s) => s.session?.current?.name ?? ''));
  const go = (target: Screen) => {
    show(target);
    if (target === 'sale') focusSoon('product-search');
  };
  const tab = ({ screen: target, label, shortcut }: ScreenTab, place = '') => (
    <button type="button" key={target} className={`tab ${place} ${screen === target ? 'current' : ''}`}
      aria-current={screen === target ? 'page' : undefined} onClick={() => go(target)}>
      {label}{shortcut ? <> <kbd>{shortcut}</kbd></> : null}
    </button>
  );
  const catalog: ScreenTab = { screen: 'catalog', label: t.catalog, shortcut: 'F6' };
  // "Tienda" only on a till paired with the shop server (the owner's view of every till, issue 21).
  const paired = useApp((s) => s.status?.shopServer != null);
  const secondary: ScreenTab[] = [
    { ...catalog, narrowOnly: true },
    { screen: 'customers', label: t.customers },
    { screen: 'shifts', label: t.shift },
    { screen: 'settings', label: t.settings, shortcut: 'F10' },
    { screen: 'people', label: t.people },
    ...(paired ? [{ screen: 'owner' as const, label: t.ownerView }] : []),
  ];
  return (
    <header className={`top-bar bar-level-${level}`} ref={bar}>
      <span className="brand">Mostrador</span>
      <nav aria-label={t.mainNav}>
        {tab({ screen: 'sale', label: t.sale, shortcut: 'F2' })}
        {tab({ screen: 'history', label: t.history, shortcut: 'F9' })}
        {tab(catalog, 'tab-tertiary')}
        {secondary.filter((s) => !s.narrowOnly).map((s) => tab(s, 'tab-secondary'))}
        <MoreScreens tabs={secondary} current={screen} go={go} />
      </nav>
      <PersonBadge />
    </header>
  );
}
