/** The status bar's printer words: "impresora sin respuesta — 2 recibos en espera", and silence while all is well. */
import { describe, expect, it } from 'vitest';
import type { PrinterStatusDto } from '../../../shared/bridge/types';
import { en } from '../../../renderer/i18n/en';
import { es } from '../../../renderer/i18n/es';
import { printerLine } from '../../../renderer/status/printer-line';

const status = (over: Partial<PrinterStatusDto>): PrinterStatusDto => ({
  configured: true, state: 'idle', waitingReceipts: 0, waitingJobs: 0, lastError: null, lastErrorCode: null, lastErrorAt: null, ...over,
});
const words = (t: typeof es, s: PrinterStatusDto): string | null => {
  const line = printerLine(s);
  return line ? `${t.printerState[line.state]}${line.waiting > 0 ? ` — ${t.printerWaiting(line.waiting)}` : ''}` : null;
};

describe('the printer in the status bar', () => {
  it('says the printer does not answer and how many receipts wait, in Spanish and English', () => {
    const stuck = status({ state: 'not_responding', waitingReceipts: 2, waitingJobs: 3 });
    expect(words(es, stuck)).toBe('impresora sin respuesta — 2 recibos en espera');
    expect(words(en, stuck)).toBe('printer not responding — 2 receipts waiting');
    expect(words(es, status({ state: 'paper_out', waitingReceipts: 1 }))).toBe('impresora sin papel — 1 recibo en espera');
  });

  it('says nothing when the printer is fine and idle, or when no thermal printer is set up', () => {
    expect(printerLine(status({}))).toBeNull();
    expect(printerLine(status({ configured: false, state: 'not_configured', waitingReceipts: 4 }))).toBeNull();
    expect(words(es, status({ state: 'printing', waitingReceipts: 3 }))).toBe('imprimiendo… — 3 recibos en espera');
  });
});
