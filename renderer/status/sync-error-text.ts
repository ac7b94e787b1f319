/**
 * The sync engine's last error for the status bar: a sentence in the cashier's language for each code the core
 * sends, with the technical message kept as the detail; an unknown code a general sentence, with the same detail. Nothing at
 * all once the core has cleared the error (lastError null): sending works again.
 */
import type { SyncStatusDto } from '../../shared/bridge/types';
import type { CounterMessages } from '../i18n/messages';

export interface SyncErrorText {
  text: string;
  /** The core's technical message, when the text is a translation of it. */
  detail: string | null;
}

export function describeSyncError(status: Pick<SyncStatusDto, 'lastError' | 'lastErrorCode'>, t: CounterMessages): SyncErrorText | null {
  const raw = status.lastError?.trim() ?? '';
  if (raw === '') return null;
  const code = status.lastErrorCode;
  if (code !== null && Object.hasOwn(t.syncErrors, code)) {
    return { text: t.syncErrors[code as keyof CounterMessages['syncErrors']], detail: raw };
  }
  // A code we have no words for (the service's own, e.g. VALIDATION): a sentence of ours, its words as the detail.
  return { text: t.syncErrorOther, detail: raw };
}
