/**
 * The service's document status and each sending attempt in words. A status the service may add later is named as
 * such, never shown bare; the service's own words on a failed attempt are introduced as its answer, and our own
 * (English) words for a failure without an answer are left to the log: the outcome already says what happened.
 */
import type { Messages } from '../i18n/messages';

export function remoteStatusText(status: string | null, t: Messages): string {
  if (status === null || status.trim() === '') return '—';
  return Object.hasOwn(t.remoteStatusNames, status) ? (t.remoteStatusNames[status] ?? status) : t.remoteStatusOther(status);
}

export interface AttemptFacts { outcome: string; httpStatus: number | null; message: string | null }

/** "Recibida por el servicio", "Rechazada por el servicio (HTTP 422). Respuesta del servicio: …". */
export function attemptText(a: AttemptFacts, t: Messages): string {
  const outcome = t.historyAttemptOutcomes[a.outcome] ?? a.outcome;
  const message = a.message?.trim() ?? '';
  if (a.outcome === 'queued') return message === '' || message === 'QUEUED' ? outcome : `${outcome} (${remoteStatusText(message, t)})`;
  const status = a.httpStatus ? ` (HTTP ${a.httpStatus})` : '';
  return a.httpStatus && message !== '' ? `${outcome}${status}. ${t.serviceSaid(message)}` : `${outcome}${status}`;
}
