/** Sends a settings change and keeps the app's copy in step; the answer's per-field messages go back to the form. */
import type { BridgeInput } from '../../shared/bridge/contract';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { messagesFor } from '../i18n/messages';

export type SaveOutcome = { ok: true } | { ok: false; message: string; fields: Record<string, string> };

export async function saveSettings(change: BridgeInput<'settings.save'>): Promise<SaveOutcome> {
  const answer = await bridge.call('settings.save', change);
  const app = useApp.getState();
  if (!answer.ok) return { ok: false, message: answer.error.message, fields: answer.error.fields ?? {} };
  app.setSettings(answer.value);
  app.notify('info', messagesFor(answer.value.locale).settingsSaved);
  return { ok: true };
}
