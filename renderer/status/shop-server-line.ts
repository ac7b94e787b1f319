/** The status bar's words for the shop server (pure, tested without a DOM): away since when, and what waits. */
import type { ConfirmationsDto, InvoicingRateDto, Locale, ShopServerLineDto } from '../../shared/bridge/types';
import { formatDateTime } from '../format/date-time';
import { timeLeftSeconds } from '../../shared/progress';
import type { FirstMessages } from '../i18n/messages';

export interface ShopServerLineText { text: string; away: boolean }

/** "desde las 10:42" today, "desde el 24/11/2026 10:42" before. */
function since(at: number, now: number, locale: Locale): string {
  const full = formatDateTime(at, locale);
  const day = (ms: number) => formatDateTime(ms, locale).slice(0, 10);
  const time = full.slice(-8, -3);
  if (day(at) === day(now)) return locale === 'en' ? time : `las ${time}`;
  return locale === 'en' ? `${day(at)} ${time}` : `el ${day(at)} ${time}`;
}

export function shopServerLineText(line: ShopServerLineDto | null | undefined, t: Pick<FirstMessages, 'shopLine' | 'shopProblem'>, locale: Locale, now: number): ShopServerLineText | null {
  if (!line) return null;
  // Sales set aside because the server cannot take them are said on every line (issue 25): never only in a log.
  // …and so are the server's changes this till set aside (issue 27): the rest flowed on, these wait for the owner.
  const aside = [
    (line.salesUnsendable ?? 0) > 0 ? ` · ${t.shopLine.unsendable(line.salesUnsendable)}` : '',
    (line.feedAside ?? 0) > 0 ? ` · ${t.shopLine.feedAside(line.feedAside ?? 0)}` : '',
  ].join('');
  const why = line.problem ? t.shopProblem[line.problem] : undefined;
  // Issue 27: a till and a server too far apart in version are in touch; the line says which side to update.
  if (line.unreachableSince !== null && why && line.problem?.startsWith('CONTRACT_')) {
    const text = line.salesWaiting > 0 ? `${t.shopLine.waiting(line.salesWaiting)} — ${why}` : `${t.shopLine.connected.split(':')[0]}: ${why}`;
    return { text: `${text}${aside}`, away: true };
  }
  if (line.unreachableSince !== null) {
    return { text: `${t.shopLine.away(since(line.unreachableSince, now, locale), line.salesWaiting)}${why ? ` (${why})` : ''}${aside}`, away: true };
  }
  if (aside && line.salesWaiting === 0) return { text: `${t.shopLine.connected.split(':')[0]}: ${aside.slice(3)}`, away: true };
  // Issue 29: an upload under way (the first till's year of sales) says how far it is, in place of the count waiting.
  const upload = line.upload?.state === 'running' && line.upload.total !== null ? line.upload : null;
  const waiting = upload ? t.shopLine.uploading(upload.done, upload.total!, timeLeftSeconds(upload, Math.max(now, upload.at)))
    : line.salesWaiting > 0 ? t.shopLine.waiting(line.salesWaiting) : t.shopLine.connected;
  return { text: `${waiting}${aside}`, away: aside !== '' };
}

/**
 * Issue 28: a paired till says when it keeps to its own part of the invoicing service's limit (the shop server is
 * away); while the server's one budget decides, nothing is said. Null for a till that is not paired.
 */
export function invoicingRateText(line: ShopServerLineDto | null | undefined, rate: InvoicingRateDto | null | undefined, t: Pick<FirstMessages, 'shopLine'>): string | null {
  if (!line || rate?.from !== 'own') return null;
  return rate.reason === 'server-old' ? t.shopLine.ownRateOldServer(rate.sharePercent) : t.shopLine.ownRate(rate.sharePercent);
}

/**
 * Issue 28: a paired till that confirms its own invoices while the shop server could confirm them says why; nothing
 * while the server confirms, nor when the server is away (its own line says so), nor for a till not paired.
 */
export function selfConfirmText(line: ShopServerLineDto | null | undefined, confirmations: ConfirmationsDto | null | undefined, t: Pick<FirstMessages, 'shopLine'>): string | null {
  if (!line || line.unreachableSince !== null || confirmations?.by !== 'till') return null;
  return t.shopLine.selfConfirm[confirmations.reason] ?? null;
}

/** Issue 28: the whole shop near the service's limit (80 % or more in the last minute): the reason sales wait. */
export function shopTrafficText(confirmations: ConfirmationsDto | null | undefined, t: Pick<FirstMessages, 'shopLine'>): string | null {
  const shop = confirmations?.shop;
  if (!shop || shop.limit <= 0 || shop.requestsLastMinute < 0.8 * shop.limit) return null;
  return t.shopLine.shopTraffic(shop.requestsLastMinute, shop.limit);
}
