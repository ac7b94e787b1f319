/** The printer's settings as one JSON row of the settings table, read back through the shared schema. */
import { DEFAULT_PRINTER_SETTINGS, printerSettingsSchema, type PrinterSettings } from '../../../shared/printer';

export const PRINTER_KEYS = {
  settings: 'printer',
  /** Sales validated from this moment on get their fiscal receipt printed by themselves (set when that was switched on). */
  fiscalSince: 'printer.fiscal_since',
} as const;

interface Rows {
  getSetting(key: string): string | null;
  setSetting(key: string, value: string): void;
}

/** A damaged row is read as "no thermal printer": Chromium's print dialog still works, nothing is printed twice. */
export function readPrinterSettings(rows: Rows): PrinterSettings {
  const raw = rows.getSetting(PRINTER_KEYS.settings);
  if (!raw) return DEFAULT_PRINTER_SETTINGS;
  try {
    const parsed = printerSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_PRINTER_SETTINGS;
  } catch {
    return DEFAULT_PRINTER_SETTINGS;
  }
}

/** Whether fiscal receipts print by themselves with these settings. */
export const printsOnValidation = (s: PrinterSettings): boolean => s.connection.kind !== 'none' && s.printOnValidation;

export function writePrinterSettings(rows: Rows, next: PrinterSettings, now: number): void {
  const before = readPrinterSettings(rows);
  rows.setSetting(PRINTER_KEYS.settings, JSON.stringify(next));
  // Switching automatic printing on never reaches back to sales validated before: those were handed over already.
  if (printsOnValidation(next) && !printsOnValidation(before)) rows.setSetting(PRINTER_KEYS.fiscalSince, String(now));
}

export function fiscalSince(rows: Rows): number | null {
  const value = Number(rows.getSetting(PRINTER_KEYS.fiscalSince) ?? '');
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
