/**
 * The counter's words once its late chunk is here: the first render's (`es-first.ts`) and what it needs only after
 * something happens (`es-later.ts`). Imported by the late chunk (`renderer/sale/counter-later.ts`), the counter's
 * schemas chunk and the back office, never by the first download.
 */
import type { Locale } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { esFirst } from './es-first';
import { esLater } from './es-later';
import { englishNow } from './messages';
import type { CounterMessages } from './messages-type';

const spanish: CounterMessages = { ...esFirst, ...esLater };

export function counterMessagesFor(locale: Locale): CounterMessages {
  const english = locale === 'en' ? englishNow() : null;
  return english ?? spanish;
}

/** The counter's words in the language chosen in Settings, for a part of it that loads after the first render. */
export function useCounterText(): CounterMessages {
  return counterMessagesFor(useApp((s) => s.locale));
}
