/** The dictionary of a language. */
import type { Locale } from '../../shared/bridge/types';
import { en } from './en';
import { es } from './es';
import type { Messages } from './messages-type';

export type { MessageKey, Messages } from './messages-type';

export function messagesFor(locale: Locale): Messages {
  return locale === 'en' ? en : es;
}
