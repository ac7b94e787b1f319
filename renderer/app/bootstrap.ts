/**
 * First contact with the core: app info, settings, sync status, who is selling and the open sale, asked all at once
 * (one round trip, not one after another), then the pushes that keep them fresh. The counter renders as soon as
 * they are in.
 */
import { bridge } from '../bridge/client';
import { loadMessages, messagesFor } from '../i18n/messages';
import { describeBridgeErrorSoon } from '../sale/counter-later-loader';
import { keepOpenSale, readOpenSale } from '../sale/open-sale-sync';
import { usePeople } from '../people/people-store';
import { followPeopleStamp } from '../people/refresh-people';
import { useApp } from './app-store';

export async function bootstrap(): Promise<() => void> {
  const app = useApp.getState();
  const t = messagesFor(app.locale);
  if (bridge.missingKey()) {
    app.setFatal(t.missingKey);
    return () => undefined;
  }
  const [info, settings, status, session, openSale] = await Promise.all([
    bridge.call('app.info', {}), bridge.call('settings.get', {}), bridge.call('sync.status', {}),
    bridge.call('people.session', {}), readOpenSale(),
  ]);
  if (!info.ok) {
    if (info.error.code === 'FORBIDDEN') {
      app.setFatal(t.missingKey);
      return () => undefined;
    }
    app.setFatal(`${t.coreUnavailable} ${await describeBridgeErrorSoon(info.error, app.locale)}`);
    return () => undefined;
  }
  if (info.value.mode === 'back-office') {
    // The back-office PC (the shop server's own page): no counter, no invoicing service; only Tienda, which is lazy.
    // The counter's other first calls were answered "no such method" there and are dropped.
    useApp.setState({ screen: 'owner' });
    app.setInfo(info.value);
    return () => undefined;
  }
  if (session.ok) usePeople.getState().setSession(session.value);
  // An English till shows English from its first render: the dictionary's chunk comes before the counter.
  if (settings.ok) await loadMessages(settings.value.locale).catch(() => undefined);
  if (settings.ok) app.setSettings(settings.value);
  // Its words come with the counter's late chunk: the notice follows, the counter does not wait for it.
  else void describeBridgeErrorSoon(settings.error, app.locale).then((text) => useApp.getState().notify('error', text));
  if (status.ok) app.setStatus(status.value);
  document.documentElement.lang = useApp.getState().locale;
  // The sale in progress comes back from the core (reload, crash, restart) before the cashier's first change is saved.
  const stopKeeping = keepOpenSale(openSale);
  app.setInfo(info.value); // last: this is what shows the counter
  // People, roles and PINs the shop server's feed brought apply at once: the push's stamp says when to read them again.
  const peopleChanged = followPeopleStamp(status.ok ? status.value.peopleStamp : undefined);
  const stopStatus = bridge.on('sync.status', (next) => {
    const state = useApp.getState();
    state.setStatus(next);
    peopleChanged(next.peopleStamp);
    // The server renamed this till (issue 26): its next sale numbers, receipts and the status bar say the new name.
    const named = next.shopServer?.tillName;
    if (named && state.settings && state.settings.tillName !== named) state.setSettings({ ...state.settings, tillName: named });
  });
  const stopLocale = useApp.subscribe((s) => { document.documentElement.lang = s.locale; });
  return () => { stopStatus(); stopLocale(); stopKeeping(); };
}
