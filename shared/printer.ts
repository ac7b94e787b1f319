/**
 * The receipt printer as the till is told about it: how to reach it (a network printer on raw TCP, a raw queue of
 * the OS spooler, or none: Chromium's print dialog only), the code page its text is written in, how it draws the
 * QR, and when to print. The bridge and the Settings form use these same rules.
 */
import { z } from 'zod';
import { expecting } from './api/field-problems';
import { boundedText } from './field-rules';
import { LIMITS } from './limits';

/** A host name or an IPv4/IPv6 address: letters, digits, dots, dashes and colons; no spaces, no scheme, no path. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:.]{2,45}\]?$/;
/** An OS print queue's name as `lp -d` takes it: never starting with '-', so it can never be read as an option. */
const QUEUE = /^[A-Za-z0-9_][A-Za-z0-9_.@-]*$/;

export const printerHostSchema = boundedText(LIMITS.printerHostLength)
  .refine((value) => value.trim() !== '', { error: 'is required' })
  .refine((value) => HOST.test(value), { error: 'must be a host name or an IP address (no http://, no spaces)' });
export const printerPortSchema = z.number(expecting('a number')).int({ error: 'must be a whole number' })
  .min(1, { error: 'must be from 1 to 65535' }).max(65_535, { error: 'must be from 1 to 65535' });
export const printerQueueSchema = boundedText(LIMITS.printerNameLength)
  .refine((value) => QUEUE.test(value), { error: 'must be the print queue name (letters, digits, _ . @ -, not starting with -)' });

export const printerConnectionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('network'), host: printerHostSchema, port: printerPortSchema }),
  z.strictObject({ kind: z.literal('os'), queue: printerQueueSchema }),
], { error: 'must be none, network or os' });
export type PrinterConnection = z.infer<typeof printerConnectionSchema>;

/** CP858 = CP850 with €; WPC1252 for printers that take Windows' page. All have ñ, á…ú, ü, ¿ and ¡. */
export const PRINTER_CODE_PAGES = ['cp858', 'cp850', 'windows1252'] as const;
export type PrinterCodePage = (typeof PRINTER_CODE_PAGES)[number];

export const printerSettingsSchema = z.strictObject({
  connection: printerConnectionSchema,
  codePage: z.enum(PRINTER_CODE_PAGES, { error: 'must be cp858, cp850 or windows1252' }),
  /** native: the printer's own QR command (GS ( k); image: a raster picture for printers without it. */
  qr: z.enum(['native', 'image'], { error: 'must be native or image' }),
  /** Ask the printer for its status (DLE EOT) before and after each job; off for printers that never answer it. */
  statusCheck: z.boolean(expecting('true or false')),
  /** Print the fiscal receipt by itself when the sale validates. */
  printOnValidation: z.boolean(expecting('true or false')),
  /** Print a provisional slip when the sale is charged (for a customer who cannot wait). */
  printAtCharge: z.boolean(expecting('true or false')),
  /** Open the cash drawer (through the printer) when a cash sale (payment means 10) is charged. */
  drawerOnCash: z.boolean(expecting('true or false')),
});
export type PrinterSettings = z.infer<typeof printerSettingsSchema>;

export const DEFAULT_PRINTER_SETTINGS: PrinterSettings = {
  connection: { kind: 'none' }, codePage: 'cp858', qr: 'native', statusCheck: true,
  printOnValidation: true, printAtCharge: false, drawerOnCash: true,
};

/** Port 9100: the raw TCP port of nearly every network receipt printer. */
export const RAW_PRINTER_PORT = 9100;
/** Characters per line in font A: 48 on 80 mm paper, 32 on 58 mm (DOMAIN.md). */
export const columnsFor = (paperWidth: 80 | 58): number => (paperWidth === 58 ? 32 : 48);
