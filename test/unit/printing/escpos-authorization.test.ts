/** The DIAN's marks on paper (Resolución 000042 de 2020, art. 11): the numbering authorisation and the software maker. */
import { describe, expect, it } from 'vitest';
import { escPosBytes } from '../../../electron/core/printing/escpos-bytes';
import { receiptBlocks } from '../../../electron/core/printing/receipt-layout';
import { columnsFor } from '../../../shared/printer';
import { SOFTWARE_MAKER } from '../../../shared/software-maker';
import { decodeEscPos } from '../../support/escpos-decoder';
import { sampleReceipt } from '../../support/escpos-sample-receipt';

const printed = (fiscal: boolean, paperWidth: 80 | 58 = 80): string => {
  const paper = { columns: columnsFor(paperWidth), codePage: 'cp858', qr: 'native' } as const;
  const bytes = escPosBytes(receiptBlocks(sampleReceipt(fiscal, paperWidth), 'es-CO', { ...paper, copy: false }), paper);
  return decodeEscPos(bytes).lines.join(' ').replace(/\s+/g, ' ');
};

describe('the numbering authorisation and the software maker on a thermal receipt', () => {
  it.each([80, 58] as const)('a fiscal receipt on %i mm prints the number, date, range and validity', (width) => {
    const text = printed(true, width);
    expect(text).toContain('Autorización de numeración DIAN N.º 18760000001 del 2024-01-01');
    expect(text).toContain('Rango autorizado: SETP990000000 al SETP995000000');
    expect(text).toContain('Vigencia: 2024-01-01 a 2026-12-31');
  });

  it('every receipt, provisional too, names the software and its maker with the NIT', () => {
    for (const fiscal of [true, false]) {
      const text = printed(fiscal);
      expect(text).toContain(`Software: ${SOFTWARE_MAKER.softwareName} · Fabricante: ${SOFTWARE_MAKER.makerName} · NIT ${SOFTWARE_MAKER.makerNit}`);
    }
  });

  it('a provisional slip carries no authorisation: it is not an invoice', () => {
    expect(printed(false)).not.toContain('Autorización de numeración');
  });
});
