/**
 * The whole dictionary, for the back-office screens: importing this module brings the back office's Spanish words
 * (`es-back-office.ts`) into the importing screen's chunk, so they never weigh on the counter's first download.
 */
import type { Locale } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { es } from './es';
import { englishNow, type Messages } from './messages';

export function screenMessagesFor(locale: Locale): Messages {
  const english = locale === 'en' ? englishNow() : null;
  return english ?? es;
}

/** Every word in the language chosen in Settings. */
export function useScreenText(): Messages {
  return screenMessagesFor(useApp((s) => s.locale));
}
