/**
 * How copies are named: `mostrador-2025-03-14-093000.sqlite` (inside the data folder) or `….sqlite.enc`
 * (encrypted, anywhere else). The name carries the copy's local date and time, so rotation needs nothing but the
 * folder's listing. A copy being written has a name no good copy can have (`.partial-…`), so a crash mid-copy
 * can never leave something that passes for a good copy.
 */
export const PLAIN_SUFFIX = '.sqlite';
export const ENCRYPTED_SUFFIX = '.sqlite.enc';
const GOOD_NAME = /^mostrador-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(\d{2})\.sqlite(\.enc)?$/;
const PARTIAL_NAME = /^\.partial-mostrador-.*$/;

export interface CopyName {
  file: string;
  /** Local calendar date of the copy, YYYY-MM-DD. */
  day: string;
  /** Sortable local time stamp, YYYY-MM-DD-HHMMSS. */
  stamp: string;
  encrypted: boolean;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** The local calendar day of a moment, YYYY-MM-DD (the shop's day, as its clock says). */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

export function copyFileName(ms: number, encrypted: boolean): string {
  const d = new Date(ms);
  const time = `${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;
  return `mostrador-${localDay(ms)}-${time}${encrypted ? ENCRYPTED_SUFFIX : PLAIN_SUFFIX}`;
}

export function partialFileName(finalName: string, unique: string): string {
  return `.partial-${finalName}.${unique}`;
}

export function isPartialFile(name: string): boolean {
  return PARTIAL_NAME.test(name);
}

export function parseCopyName(file: string): CopyName | null {
  const m = GOOD_NAME.exec(file);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, enc] = m;
  return { file, day: `${y}-${mo}-${d}`, stamp: `${y}-${mo}-${d}-${h}${mi}${s}`, encrypted: enc !== undefined };
}
