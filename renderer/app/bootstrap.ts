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
import { useApp } from './app-store';

/** While the service is away: asked again every 3 s, for 10 minutes at most. */
const CORE_RETRY_MS = 3_000;
const CORE_RETRIES = 200;

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
    const said = `${t.coreUnavailable} ${await describeBridgeErrorSoon(info.error, app.locale)}`;
    if (info.error.reason !== 'CORE_UNREACHABLE') {
      app.setFatal(said);
      return () => undefined;
    }
    // Browser mode with its service away (the shop server restarting under the back-office PC's page): said, and
    // asked again every few seconds; the page starts again once it answers (bounded: then it says to reload).
    app.setFatal(`${said} ${t.coreRetrying}`);
    let live = true;
    void (async () => {
      for (let attempt = 0; attempt < CORE_RETRIES && live; attempt++) {
        await new Promise((r) => setTimeout(r, CORE_RETRY_MS));
        if (!live) return;
        if ((await bridge.call('app.info', {})).ok) { window.location.reload(); return; }
      }
      if (live) app.setFatal(`${said} ${t.coreGaveUp}`);
    })();
    return () => { live = false; };
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
  const stopStatus = bridge.on('sync.status', (next) => useApp.getState().setStatus(next));
  const stopLocale = useApp.subscribe((s) => { document.documentElement.lang = s.locale; });
  return () => { stopStatus(); stopLocale(); stopKeeping(); };
}
