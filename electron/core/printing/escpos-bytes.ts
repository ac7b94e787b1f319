/**
 * Laid-out paper → ESC/POS bytes, through @point-of-sale/receipt-printer-encoder (why this library: docs/developer/the-till.md,
 * "Printing at the counter"). Text goes out in the printer's code page (CP858 by default: ñ, tildes, ü, ¿ ¡);
 * the QR with the printer's own command, or as a raster picture for printers without one; then the cut.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import QRCode from 'qrcode';
import { qrPayload } from '../../../common/receipt/qr-payload';
import type { PrinterCodePage } from '../../../shared/printer';
import type { PaperBlock } from './receipt-layout';

export interface EscPosOptions {
  columns: number;
  codePage: PrinterCodePage;
  qr: 'native' | 'image';
}

/** QR module size in dots: 5 dots at 203 dpi keeps a DIAN URL's QR (version 7, 45 modules) near 2.8 cm, above the 2 cm asked. */
export const QR_DOTS_PER_MODULE = 5;

const encoderFor = (opts: { columns: number }) =>
  // Epson's code page numbers (ESC t 19 = CP858, 2 = CP850, 16 = WPC1252) are the ones most ESC/POS clones follow.
  new ReceiptPrinterEncoder({ language: 'esc-pos', columns: opts.columns, codepageMapping: 'epson', imageMode: 'raster', feedBeforeCut: 4 });

/** The QR as black-on-white pixels (quiet zone included), for printers without a QR command. */
export function qrPixels(payload: string): { width: number; height: number; data: Uint8ClampedArray } {
  const qr = QRCode.create(qrPayload(payload), { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size + 8; // 4-module quiet zone on each side
  // The raster command needs a width and height in whole bytes of dots.
  const side = Math.ceil((modules * QR_DOTS_PER_MODULE) / 8) * 8;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / QR_DOTS_PER_MODULE) - 4;
      const my = Math.floor(y / QR_DOTS_PER_MODULE) - 4;
      const dark = mx >= 0 && my >= 0 && mx < qr.modules.size && my < qr.modules.size && qr.modules.get(my, mx) === 1;
      if (dark) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { width: side, height: side, data };
}

export function escPosBytes(blocks: readonly PaperBlock[], opts: EscPosOptions & { drawer?: boolean; cut?: boolean }): Uint8Array {
  const e = encoderFor(opts).initialize().codepage(opts.codePage);
  for (const block of blocks) {
    if (block.type === 'text') {
      e.align(block.align ?? 'left');
      if (block.bold) e.bold(true);
      if (block.big) e.size(2, 2);
      // Double width halves the characters a line holds; such lines are short titles.
      e.line(block.big ? block.text.slice(0, Math.floor(opts.columns / 2)) : block.text);
      if (block.big) e.size(1, 1);
      if (block.bold) e.bold(false);
    } else if (block.type === 'rule') {
      e.align('left').line('-'.repeat(opts.columns));
    } else if (block.type === 'qr') {
      e.align('center');
      if (opts.qr === 'native') e.qrcode(block.payload, { model: 2, size: QR_DOTS_PER_MODULE, errorlevel: 'm' });
      else {
        const picture = qrPixels(block.payload);
        e.image(picture, picture.width, picture.height, 'threshold');
      }
      e.newline();
    } else {
      e.newline();
    }
  }
  e.align('left');
  if (opts.drawer) e.pulse(0, 100, 500);
  if (opts.cut !== false) e.cut('partial');
  return e.encode();
}

/** Only the drawer: ESC p 0 (pin 2), 100 ms on, 500 ms off. Sent at once when a cash sale is charged. */
export function drawerPulseBytes(): Uint8Array {
  return encoderFor({ columns: 48 }).initialize().pulse(0, 100, 500).encode();
}
