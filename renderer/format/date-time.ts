/** Dates as the shop reads them: Colombian time, whatever the machine's zone. */
import type { Locale } from '../../shared/bridge/types';

const ZONE = 'America/Bogota';

export function formatDateTime(epochMs: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'es-CO', {
    timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    hour12: false,
  }).format(new Date(epochMs));
}

/** "28/11/2026": the shop's day. */
export function formatDay(epochMs: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'es-CO', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(epochMs));
}

/** "22:48:15": the shop's clock, 24 hours. */
export function formatTime(epochMs: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'es-CO', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
    .format(new Date(epochMs));
}

/** "19 %", "8,5 %" (es-CO, with a no-break space so "%" never starts a line) or "19%", "8.5%" (en). */
export function formatRate(rate: string, locale: Locale): string {
  return locale === 'en' ? `${rate}%` : `${rate.replace('.', ',')}\u00A0%`;
}

/** A quantity without trailing zeros, in the locale's decimal mark. */
export function formatQuantity(quantity: number | string, locale: Locale): string {
  const text = String(quantity);
  return locale === 'en' ? text : text.replace('.', ',');
}
