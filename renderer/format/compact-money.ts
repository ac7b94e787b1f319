/**
 * A peso figure shortened where its exact text does not fit (issue 29): "$ 105,7 M", "$ 459,6 k" ("$105.7M" in
 * English). The exact figure stays in the tables and in the short figure's accessible name and title.
 */
export type CompactLocale = 'es-CO' | 'en';

const formats = new Map<CompactLocale, Intl.NumberFormat>();

export function compactCop(value: number | string, locale: CompactLocale): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'es-CO', { notation: 'compact', maximumFractionDigits: 1 });
    formats.set(locale, format);
  }
  const figure = format.format(Number(value)).replace(/\s/g, '\u00A0');
  return locale === 'en' ? `$${figure}` : `$\u00A0${figure}`;
}
