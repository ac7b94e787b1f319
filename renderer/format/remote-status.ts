/** The service's document status in words; a status we do not know is shown exactly as the service sent it. */
import type { Messages } from '../i18n/messages';

export function remoteStatusText(status: string | null, t: Messages): string {
  if (status === null || status.trim() === '') return '—';
  return Object.hasOwn(t.remoteStatusNames, status) ? (t.remoteStatusNames[status] ?? status) : status;
}
