/**
 * The dictionary of a language. Spanish, the default, is part of the first download; English is its own chunk,
 * loaded when a till is set to it (`loadMessages`, awaited before the locale changes), so a Spanish till never
 * downloads it.
 */
import type { Locale } from '../../shared/bridge/types';
import { es } from './es';
import type { Messages } from './messages-type';

export type { MessageKey, Messages } from './messages-type';

let english: Messages | null = null;
let englishLoading: Promise<void> | null = null;

/** The language's dictionary; Spanish until English has loaded (the locale only turns to "en" once it has). */
export function messagesFor(locale: Locale): Messages {
  return locale === 'en' && english ? english : es;
}

/** True when the language can be shown at once. */
export const hasMessages = (locale: Locale): boolean => locale !== 'en' || english !== null;

/** Loads a language's dictionary (once); a failed load is forgotten, so the next change tries again. */
export function loadMessages(locale: Locale): Promise<void> {
  if (hasMessages(locale)) return Promise.resolve();
  return (englishLoading ??= import('./en').then(
    (module) => { english = module.en; },
    (error: unknown) => { englishLoading = null; throw error; },
  ));
}
