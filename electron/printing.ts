/**
 * Printing the receipt the page is showing: `webContents.print` to the configured printer (silently when the
 * shop asked for it) and `printToPDF` on 80 mm or 58 mm paper. The page's print stylesheet decides what is on
 * paper; this file decides where it goes. Options are built by pure functions (tested).
 */
import type { PrintToPDFOptions, WebContents, WebContentsPrintOptions } from 'electron';
import type { PaperWidth } from '../shared/bridge/types';
import type { PaperJob, PrintJob, ReceiptPrinter } from './core/app/app-context';
import { BridgeFailure } from './core/bridge/bridge-failure';

export interface PrintSettings {
  /** The system name of the printer; null or empty = the system's default printer. */
  printerName: string | null;
  /** Print without the dialog (a till with a fixed receipt printer). */
  silent: boolean;
}

const MM_PER_INCH = 25.4;
/** A PDF page long enough for a typical receipt; a longer one continues on the next page. */
const PDF_PAGE_LENGTH_MM = 297;

export function receiptPrintOptions(settings: PrintSettings): WebContentsPrintOptions {
  const printerName = settings.printerName?.trim() ?? '';
  return {
    silent: settings.silent,
    printBackground: true,
    // Thermal paper has no room for margins; the receipt's own stylesheet leaves the small gaps it needs.
    margins: { marginType: 'none' },
    ...(printerName ? { deviceName: printerName } : {}),
  };
}

export function receiptPdfOptions(paperWidth: PaperWidth): PrintToPDFOptions {
  return {
    pageSize: { width: paperWidth / MM_PER_INCH, height: PDF_PAGE_LENGTH_MM / MM_PER_INCH },
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    printBackground: true,
    preferCSSPageSize: false,
  };
}

/** What `webContents.print`'s callback reports when the cashier closed the dialog. */
const CANCELLED = /cancel/i;

/**
 * Prints the page. Resolves `printed: false` when the cashier cancelled the dialog; rejects with a plain
 * message when the printer failed (the bridge turns it into an error the status bar can show).
 */
export function printReceipt(contents: Pick<WebContents, 'print'>, settings: PrintSettings): Promise<{ printed: boolean }> {
  return new Promise((resolve, reject) => {
    contents.print(receiptPrintOptions(settings), (success, failureReason) => {
      if (success) resolve({ printed: true });
      else if (CANCELLED.test(failureReason)) resolve({ printed: false });
      // A BridgeFailure keeps its words on the way to the screen; the printer's reason is not a secret.
      else reject(new BridgeFailure('INTERNAL', `The receipt could not be printed: ${failureReason || 'the printer did not answer'}.`));
    });
  });
}

/** The page as a PDF on receipt paper. */
export async function receiptPdf(contents: Pick<WebContents, 'printToPDF'>, paperWidth: PaperWidth): Promise<Uint8Array> {
  const pdf = await contents.printToPDF(receiptPdfOptions(paperWidth));
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/**
 * The core's printer for the Electron shell: prints or renders the window's page, which is showing the
 * receipt when the cashier asks for it. `contents` returns null once the window is gone.
 */
export function createWindowReceiptPrinter(contents: () => Pick<WebContents, 'print' | 'printToPDF'> | null): ReceiptPrinter {
  const current = () => {
    const target = contents();
    if (!target) throw new BridgeFailure('INTERNAL', 'The receipt could not be printed: the window is closed.');
    return target;
  };
  return {
    print: async (job: PrintJob | PaperJob) => printReceipt(current(), { printerName: job.printerName, silent: job.silent }),
    pdf: async (job: PrintJob | PaperJob) => {
      const pdf = await receiptPdf(current(), 'receipt' in job ? job.receipt.paperWidth : job.paperWidth);
      return { base64: Buffer.from(pdf).toString('base64'), fileName: job.fileName };
    },
  };
}
