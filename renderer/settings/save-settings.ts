/**
 * Sends a settings change and keeps the app's copy in step (read again from the core); on failure the form gets
 * the lead sentence and the per-field messages in the cashier's language.
 */
import type { BridgeInput } from '../../shared/bridge/contract';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { describeBridgeError, localizeFields } from '../bridge/bridge-error-text';
import { screenMessagesFor } from '../i18n/screen-text';
import { refreshSettings } from './refresh-settings';
import { callWithOwner } from '../people/owner-pin';

export type SaveOutcome = { ok: true } | { ok: false; message: string; fields: Record<string, string> };

export async function saveSettings(change: BridgeInput<'settings.save'>): Promise<SaveOutcome> {
  const answer = await callWithOwner('settings.save', change, 'settings', screenMessagesFor(useApp.getState().locale).approveSettings);
  if (!answer.ok) {
    const t = screenMessagesFor(useApp.getState().locale);
    return { ok: false, message: describeBridgeError(answer.error, t), fields: localizeFields(answer.error.fields, t) };
  }
  const fresh = await refreshSettings(answer.value);
  useApp.getState().notify('info', screenMessagesFor(fresh.locale).settingsSaved);
  return { ok: true };
}
