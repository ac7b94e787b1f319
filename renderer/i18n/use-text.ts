import { useApp } from '../app/app-store';
import { messagesFor, type FirstMessages } from './messages';

/** The first render's words in the language chosen in Settings (a back-office screen uses `useScreenText`). */
export function useText(): FirstMessages {
  return messagesFor(useApp((s) => s.locale));
}
