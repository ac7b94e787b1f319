/** First contact with the core: app info, settings, sync status, and the pushes that keep them fresh. */
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { messagesFor } from '../i18n/messages';
import { keepOpenSale } from '../sale/open-sale-sync';
import { refreshPeople } from '../people/owner-pin';
import { useApp } from './app-store';

export async function bootstrap(): Promise<() => void> {
  const app = useApp.getState();
  const t = messagesFor(app.locale);
  if (bridge.missingKey()) {
    app.setFatal(t.missingKey);
    return () => undefined;
  }
  const [info, settings, status] = await Promise.all([
    bridge.call('app.info', {}), bridge.call('settings.get', {}), bridge.call('sync.status', {}),
  ]);
  if (!info.ok) {
    app.setFatal(info.error.code === 'FORBIDDEN' ? t.missingKey : `${t.coreUnavailable} ${describeBridgeError(info.error, t)}`);
    return () => undefined;
  }
  await refreshPeople();
  app.setInfo(info.value);
  if (settings.ok) app.setSettings(settings.value);
  else app.notify('error', describeBridgeError(settings.error, t));
  if (status.ok) app.setStatus(status.value);
  document.documentElement.lang = useApp.getState().locale;
  const stopStatus = bridge.on('sync.status', (next) => useApp.getState().setStatus(next));
  const stopLocale = useApp.subscribe((s) => { document.documentElement.lang = s.locale; });
  // The sale in progress comes back from the core (reload, crash, restart) before the cashier's first change is saved.
  const stopKeeping = await keepOpenSale();
  return () => { stopStatus(); stopLocale(); stopKeeping(); };
}
