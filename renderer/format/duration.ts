/**
 * How long something has waited, or how long ago it happened, in the unit an owner reads (issue 29): minutes under
 * an hour, hours and minutes under a day, days and hours under a week, then days ("365 días", never "8776 h"). One
 * formatter for every screen that shows a wait or an age (Tienda's panel, the invoicing panel, the till's unsent sales).
 */
export type DurationLocale = 'es-CO' | 'en';

const MINUTE = 60_000;

function days(n: number, locale: DurationLocale): string {
  const figure = n.toLocaleString(locale === 'en' ? 'en-US' : 'es-CO');
  if (locale === 'en') return `${figure} ${n === 1 ? 'day' : 'days'}`;
  return `${figure} ${n === 1 ? 'día' : 'días'}`;
}

/** "7 min", "2 h 5 min", "2 días 3 h", "365 días" (negative durations read as none). */
export function durationText(ms: number, locale: DurationLocale): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const whole = Math.floor(hours / 24);
  if (whole < 7 && hours % 24 !== 0) return `${days(whole, locale)} ${hours % 24} h`;
  return days(whole, locale);
}

/** "hace un momento", "hace 5 min", "hace 3 h", "hace 2 días", "hace 365 días": one unit, the largest that fits. */
export function agoText(ms: number, locale: DurationLocale): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  if (minutes < 1) return locale === 'en' ? 'just now' : 'hace un momento';
  const hours = Math.floor(minutes / 60);
  const span = minutes < 60 ? `${minutes} min` : hours < 48 ? `${hours} h` : days(Math.floor(hours / 24), locale);
  return locale === 'en' ? `${span} ago` : `hace ${span}`;
}
