import { describe, expect, it } from 'vitest';
import type { PrintToPDFOptions, WebContentsPrintOptions } from 'electron';
import type { PrintJob } from '../../../electron/core/app/app-context';
import { dispatch, type BridgeHandlers } from '../../../electron/core/bridge/dispatch';
import type { ReceiptDto } from '../../../shared/bridge/types';
import {
  createWindowReceiptPrinter, printReceipt, receiptPdf, receiptPdfOptions, receiptPrintOptions,
} from '../../../electron/printing';

const MM = 1 / 25.4;

/** A stand-in for the window's webContents (no Electron binary here): records options, answers like Chromium. */
function fakeContents(answer: { success: boolean; reason: string } = { success: true, reason: '' }) {
  const printed: WebContentsPrintOptions[] = [];
  const pdfs: PrintToPDFOptions[] = [];
  return {
    printed,
    pdfs,
    print: (options: WebContentsPrintOptions = {}, callback?: (success: boolean, reason: string) => void) => {
      printed.push(options);
      callback?.(answer.success, answer.reason);
    },
    printToPDF: async (options: PrintToPDFOptions) => {
      pdfs.push(options);
      return Buffer.from('%PDF-1.7 receipt');
    },
  };
}

const job = (overrides: Partial<PrintJob> = {}, paperWidth: 80 | 58 = 80): PrintJob => ({
  saleId: 12,
  receipt: { paperWidth } as ReceiptDto,
  printerName: null,
  silent: false,
  fileName: 'SETP990000012.pdf',
  ...overrides,
});

describe('receipt print options', () => {
  it('send the job to the chosen printer, silently when configured', () => {
    expect(receiptPrintOptions({ printerName: 'EPSON_TM_T20III', silent: true })).toMatchObject({
      deviceName: 'EPSON_TM_T20III', silent: true, printBackground: true, margins: { marginType: 'none' },
    });
  });

  it('leave the printer to the system (and show the dialog) when none is configured', () => {
    for (const printerName of [null, '', '   ']) {
      const options = receiptPrintOptions({ printerName, silent: false });
      expect(options).not.toHaveProperty('deviceName');
      expect(options.silent).toBe(false);
    }
  });
});

describe('receipt PDF options', () => {
  it.each([80, 58] as const)('use %i mm wide paper with no margins', (width) => {
    const options = receiptPdfOptions(width);
    const size = options.pageSize as { width: number; height: number };
    expect(size.width).toBeCloseTo(width * MM, 6);
    expect(size.height).toBeGreaterThan(size.width);
    expect(options.margins).toEqual({ top: 0, bottom: 0, left: 0, right: 0 });
    expect(options.printBackground).toBe(true);
  });
});

describe('printReceipt (with a stand-in webContents)', () => {
  it('resolves printed: true when the printer took the job', async () => {
    const contents = fakeContents();
    await expect(printReceipt(contents, { printerName: 'POS-58', silent: true })).resolves.toEqual({ printed: true });
    expect(contents.printed).toEqual([receiptPrintOptions({ printerName: 'POS-58', silent: true })]);
  });

  it('resolves printed: false when the cashier cancelled the dialog', async () => {
    await expect(printReceipt(fakeContents({ success: false, reason: 'Print job canceled' }), { printerName: null, silent: false }))
      .resolves.toEqual({ printed: false });
    await expect(printReceipt(fakeContents({ success: false, reason: 'cancelled' }), { printerName: null, silent: false }))
      .resolves.toEqual({ printed: false });
  });

  it('rejects with the printer reason when printing failed', async () => {
    await expect(printReceipt(fakeContents({ success: false, reason: 'Invalid deviceName provided' }), { printerName: 'gone', silent: true }))
      .rejects.toThrow(/could not be printed: Invalid deviceName provided/);
  });
});

describe('receiptPdf (with a stand-in webContents)', () => {
  it('renders the page on the paper width asked for', async () => {
    const contents = fakeContents();
    const pdf = await receiptPdf(contents, 58);
    expect(Buffer.from(pdf).toString()).toBe('%PDF-1.7 receipt');
    expect(contents.pdfs).toEqual([receiptPdfOptions(58)]);
  });
});

describe('the window receipt printer behind receipt.print / receipt.pdf', () => {
  it('prints with the job settings and returns the PDF as base64 on the receipt paper width', async () => {
    const contents = fakeContents();
    const printer = createWindowReceiptPrinter(() => contents);
    await expect(printer.print(job({ printerName: 'EPSON', silent: true }))).resolves.toEqual({ printed: true });
    expect(contents.printed[0]).toMatchObject({ deviceName: 'EPSON', silent: true });
    const pdf = await printer.pdf(job({}, 58));
    expect(pdf).toEqual({ base64: Buffer.from('%PDF-1.7 receipt').toString('base64'), fileName: 'SETP990000012.pdf' });
    expect(contents.pdfs).toEqual([receiptPdfOptions(58)]);
  });

  it('reaches the cashier as a readable bridge error when the window is closed or the printer fails', async () => {
    const closed = createWindowReceiptPrinter(() => null);
    const failing = createWindowReceiptPrinter(() => fakeContents({ success: false, reason: 'Printer out of paper' }));
    const handlersFor = (printer: ReturnType<typeof createWindowReceiptPrinter>) =>
      ({ 'receipt.print': () => printer.print(job()) }) as unknown as BridgeHandlers;

    await expect(dispatch(handlersFor(closed), 'receipt.print', { saleId: 12 })).resolves.toEqual({
      ok: false, error: { code: 'INTERNAL', message: 'The receipt could not be printed: the window is closed.' },
    });
    await expect(dispatch(handlersFor(failing), 'receipt.print', { saleId: 12 })).resolves.toEqual({
      ok: false, error: { code: 'INTERNAL', message: 'The receipt could not be printed: Printer out of paper.' },
    });
  });
});
