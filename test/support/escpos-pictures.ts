/**
 * A picture of each ESC/POS receipt (fiscal and provisional, 80 and 58 mm, a COPIA, the test page, a Z report): the
 * receipt model → ESC/POS bytes (the code the till prints with) → decoded by the tests' reader → drawn as SVG.
 */
import { escPosBytes } from '../../electron/core/printing/escpos-bytes';
import { receiptBlocks, testPageBlocks } from '../../electron/core/printing/receipt-layout';
import { shiftReportBlocks } from '../../electron/core/printing/shift-report-layout';
import { columnsFor } from '../../shared/printer';
import { decodeEscPos } from './escpos-decoder';
import { receiptSvg } from './escpos-picture';
import { sampleShiftReport } from './escpos-sample-report';
import { sampleReceipt } from './escpos-sample-receipt';

/** File name (without .svg) → SVG text. */
export function escposPictures(): Map<string, string> {
  const pictures: Array<[name: string, caption: string, bytes: Uint8Array, columns: number]> = [];
  for (const [fiscal, width, copy] of [[true, 80, false], [false, 80, false], [true, 58, false], [true, 80, true]] as const) {
    const paper = { columns: columnsFor(width), codePage: 'cp858', qr: 'native' } as const;
    const name = `escpos-${copy ? 'copia' : fiscal ? 'fiscal' : 'provisional'}-${width}`;
    pictures.push([name, `ESC/POS ${name}`, escPosBytes(receiptBlocks(sampleReceipt(fiscal, width), 'es-CO', { ...paper, copy }), paper), paper.columns]);
  }
  const test = { columns: 48, codePage: 'cp858', qr: 'native' } as const;
  pictures.push(['escpos-test-page-80', 'ESC/POS test page', escPosBytes(testPageBlocks('es-CO', { ...test, printer: '192.168.1.50:9100' }), test), 48]);
  pictures.push(['escpos-z-80', 'ESC/POS Z report', escPosBytes(shiftReportBlocks(sampleShiftReport('Z'), 'es-CO', test), test), 48]);
  return new Map(pictures.map(([name, caption, bytes, columns]) => [name, receiptSvg(decodeEscPos(bytes), columns, caption)]));
}
