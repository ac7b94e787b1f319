/**
 * The receipt model as ESC/POS bytes, read back by the tests' own ESC/POS decoder: the lines a printer would
 * print, Spanish letters as CP858 bytes, the QR carrying the document's qr_url (native command, or a raster
 * picture read back with jsQR), the cut, the drawer pulse, and lines that fit 80 mm and 58 mm paper.
 */
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { drawerPulseBytes, escPosBytes } from '../../../electron/core/printing/escpos-bytes';
import { receiptBlocks, testPageBlocks, wrap } from '../../../electron/core/printing/receipt-layout';
import { columnsFor } from '../../../shared/printer';
import { decodeEscPos, type DecodedPicture } from '../../support/escpos-decoder';
import { sampleReceipt } from '../../support/escpos-sample-receipt';

const encode = (fiscal: boolean, over: { paperWidth?: 80 | 58; qr?: 'native' | 'image'; codePage?: 'cp858' | 'cp850' | 'windows1252'; copy?: boolean } = {}) => {
  const receipt = sampleReceipt(fiscal, over.paperWidth ?? 80);
  const paper = { columns: columnsFor(over.paperWidth ?? 80), codePage: over.codePage ?? 'cp858', qr: over.qr ?? 'native' } as const;
  const bytes = escPosBytes(receiptBlocks(receipt, 'es-CO', { ...paper, copy: over.copy ?? false }), paper);
  return { receipt, bytes, decoded: decodeEscPos(bytes) };
};

function readPicture(picture: DecodedPicture): string | null {
  const rgba = new Uint8ClampedArray(picture.width * picture.height * 4);
  picture.dots.forEach((dot, i) => rgba.fill(dot ? 0 : 255, i * 4, i * 4 + 3).fill(255, i * 4 + 3, i * 4 + 4));
  return jsQR(rgba, picture.width, picture.height)?.data ?? null;
}

describe('a fiscal receipt in ESC/POS', () => {
  it('prints the legal content as text lines, the QR with the document qr_url, and a cut', () => {
    const { receipt, decoded } = encode(true);
    const text = decoded.lines.join('\n');
    expect(text).toContain('Factura electrónica de venta');
    expect(text).toContain('NIT 900373115-3');
    expect(text).toContain('Número: SETP990000123');
    expect(text).toContain('Resolución DIAN 18760000001');
    expect(text).toMatch(/Caja 1 · 000123/);
    expect(text).toMatch(/Cajero +Ana G.mez/); // who sold it, as on the screen's receipt
    expect(decoded.lines.some((l) => /^TOTAL\s+\$\s?62\.763,80$/.test(l))).toBe(true);
    // The CUFE is printed whole, across lines if need be.
    expect(decoded.lines.join('').replace(/\s/g, '')).toContain(`CUFE:${receipt.cufe}`);
    expect(decoded.qrPayloads).toEqual([receipt.qrUrl]);
    expect(decoded.cuts).toBe(1);
    expect(decoded.pulses).toEqual([]);
    expect(text).not.toMatch(/PROVISIONAL|COPIA/);
  });

  it('writes ñ á é í ó ú ü ¿ ¡ as their CP858 bytes after selecting code page 19', () => {
    const { bytes, decoded } = encode(true);
    expect(decoded.codePages).toEqual([19]);
    const raw = Buffer.from(bytes);
    // "año" (ñ = 0xA4), "electrónica" (ó = 0xA2), "pingüino" (ü = 0x81), "azúcar" (ú = 0xA3), "¿Dudas? ¡Escríbanos!"
    for (const [word, expected] of [
      ['año', [0x61, 0xa4, 0x6f]], ['electr', [0x65, 0x6c, 0x65, 0x63, 0x74, 0x72, 0xa2]], ['ping', [0x70, 0x69, 0x6e, 0x67, 0x81]],
      ['az', [0x61, 0x7a, 0xa3]], ['¿', [0xa8, 0x44]], ['¡', [0xad, 0x45, 0x73, 0x63, 0x72, 0xa1]], ['Bogot', [0x42, 0x6f, 0x67, 0x6f, 0x74, 0xa0]],
      ['recién', [0x72, 0x65, 0x63, 0x69, 0x82, 0x6e]],
    ] as const) {
      expect(raw.includes(Buffer.from(expected)), word).toBe(true);
    }
    // Nothing fell back to '?' (the em dash of the provisional title, no-break spaces: written as plain forms).
    expect(decoded.lines.join('\n')).not.toContain('?D');
    expect(raw.includes(Buffer.from('?'))).toBe(true); // the '¿Dudas?' question mark itself
    expect(decoded.lines.join('\n')).toContain('¿Dudas? ¡Escríbanos!');
  });

  it('uses code page 2 for CP850 and 16 for WPC1252, with the Spanish letters still right', () => {
    for (const [codePage, number] of [['cp850', 2], ['windows1252', 16]] as const) {
      const { decoded } = encode(true, { codePage });
      expect(decoded.codePages).toEqual([number]);
      expect(decoded.lines.join('\n')).toContain('Pan de año nuevo, ¡recién horneado!');
    }
  });

  it('draws the QR as a raster picture for printers without a QR command, and it reads back as the qr_url', () => {
    const { receipt, decoded } = encode(true, { qr: 'image' });
    expect(decoded.qrPayloads).toEqual([]);
    expect(decoded.pictures).toHaveLength(1);
    const picture = decoded.pictures[0] as DecodedPicture;
    // At least 2 cm at 203 dpi (8 dots per mm).
    expect(picture.width).toBeGreaterThanOrEqual(160);
    expect(readPicture(picture)).toBe(receipt.qrUrl);
  });

  it('keeps every line within 48 columns on 80 mm and 32 on 58 mm', () => {
    for (const paperWidth of [80, 58] as const) {
      const { decoded } = encode(true, { paperWidth });
      const widest = Math.max(...decoded.lines.map((l) => l.length));
      expect(widest).toBeLessThanOrEqual(columnsFor(paperWidth));
    }
  });

  it('marks a copy someone asked for as COPIA at the top', () => {
    const { decoded } = encode(true, { copy: true });
    expect(decoded.lines.find((l) => l.trim() !== '')?.trim()).toBe('*** COPIA ***');
  });
});

describe('a provisional slip in ESC/POS', () => {
  it('says it is not an electronic invoice and carries no CUFE, no number and no QR', () => {
    const { decoded } = encode(false);
    const text = decoded.lines.join('\n');
    expect(text).toContain('COMPROBANTE PROVISIONAL - NO ES UNA FACTURA');
    expect(text).toContain('Documento sin validez fiscal');
    expect(text).not.toContain('CUFE');
    expect(text).not.toContain('SETP');
    expect(decoded.qrPayloads).toEqual([]);
    expect(decoded.cuts).toBe(1);
  });
});

describe('the drawer and the test page', () => {
  it('pulses the drawer on pin 2 with nothing else', () => {
    const decoded = decodeEscPos(drawerPulseBytes());
    expect(decoded.pulses).toEqual([{ pin: 0, onMs: 100, offMs: 500 }]);
    expect(decoded.lines.filter((l) => l !== '')).toEqual([]);
    expect(decoded.cuts).toBe(0);
  });

  it('prints a test page with the Spanish letters, a QR and a cut', () => {
    const paper = { columns: 48, codePage: 'cp858', qr: 'native' } as const;
    const decoded = decodeEscPos(escPosBytes(testPageBlocks('es-CO', { ...paper, printer: '127.0.0.1:9100' }), paper));
    expect(decoded.lines.join('\n')).toContain('ñ Ñ á é í ó ú ü ¿Sí? ¡Listo!');
    expect(decoded.qrPayloads).toHaveLength(1);
    expect(decoded.cuts).toBe(1);
  });

  it('wraps words at the paper width and cuts a word longer than a line', () => {
    expect(wrap('uno dos tres', 7)).toEqual(['uno dos', 'tres']);
    expect(wrap('a'.repeat(10), 4)).toEqual(['aaaa', 'aaaa', 'aa']);
  });
});
