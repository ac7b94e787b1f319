/**
 * English is its own chunk: a till switched to it keeps its current language until the dictionary is here, then
 * turns, so no screen ever renders an English till with missing words.
 */
import { describe, expect, it } from 'vitest';
import type { SettingsDto } from '../../../shared/bridge/types';
import { useApp } from '../../../renderer/app/app-store';
import { hasMessages, loadMessages, messagesFor } from '../../../renderer/i18n/messages';

const settingsIn = (locale: SettingsDto['locale']) => ({ ...({} as SettingsDto), locale });

describe('the English dictionary, loaded on demand', () => {
  it('turns the locale only once English is here, and back to Spanish at once', async () => {
    expect(hasMessages('en')).toBe(false);
    expect(messagesFor('en').sale).toBe('Venta'); // nothing English to show yet
    useApp.getState().setSettings(settingsIn('en'));
    expect(useApp.getState().locale).toBe('es-CO');
    await loadMessages('en');
    await Promise.resolve();
    expect(useApp.getState().locale).toBe('en');
    expect(messagesFor('en').sale).toBe('Sale');
    useApp.getState().setSettings(settingsIn('es-CO'));
    expect(useApp.getState().locale).toBe('es-CO');
  });
});
