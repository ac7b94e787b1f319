/**
 * The dictionary of a language, as the counter's side sees it: the first render's words (`es-first.ts`). Spanish is
 * part of the first download; the back office's Spanish words come with its screens (`use-screen-text.ts`); English
 * is one chunk, loaded when a till is set to it (`loadMessages`, awaited before the locale changes), so a Spanish
 * till never downloads it.
 */
import type { Locale } from '../../shared/bridge/types';
import { esFirst } from './es-first';
import type { FirstMessages, Messages } from './messages-type';

export type { CounterMessages, FirstMessageKey, FirstMessages, MessageKey, Messages } from './messages-type';

let english: Messages | null = null;
let englishLoading: Promise<void> | null = null;

/** The first render's words; Spanish until English has loaded (the locale only turns to "en" once it has). */
export function messagesFor(locale: Locale): FirstMessages {
  return locale === 'en' && english ? english : esFirst;
}

/** The whole English dictionary once loaded (the back office's words included), else null. */
export const englishNow = (): Messages | null => english;

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
