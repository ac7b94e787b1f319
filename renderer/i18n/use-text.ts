import { useApp } from '../app/app-store';
import { messagesFor, type Messages } from './messages';

/** The dictionary of the language chosen in Settings. */
export function useText(): Messages {
  return messagesFor(useApp((s) => s.locale));
}
