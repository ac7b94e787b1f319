/**
 * After any settings change (save, switch to a real service, back to the demo) the core is asked again for the
 * whole picture: a switch changes values the change itself did not name (the seller, the consumidor-final
 * defaults, the DEMO badge), and every section re-bases its form on what comes back.
 */
import type { SettingsDto } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';

export async function refreshSettings(answered: SettingsDto): Promise<SettingsDto> {
  const [settings, status] = await Promise.all([bridge.call('settings.get', {}), bridge.call('sync.status', {})]);
  const app = useApp.getState();
  const fresh = settings.ok ? settings.value : answered;
  app.setSettings(fresh);
  if (status.ok) app.setStatus(status.value);
  return fresh;
}
