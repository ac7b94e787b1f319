/**
 * The X and Z reports as ESC/POS bytes (the thermal printer's path), read back by the tests' decoder: the Z figures
 * (sales count, totals by payment means, taxes by code and rate, expected / counted / difference), the Spanish
 * letters as CP858 bytes, 48 and 32 columns, and the cut.
 */
import { describe, expect, it } from 'vitest';
import { escPosBytes } from '../../../electron/core/printing/escpos-bytes';
import { shiftReportBlocks } from '../../../electron/core/printing/shift-report-layout';
import { columnsFor } from '../../../shared/printer';
import { decodeEscPos } from '../../support/escpos-decoder';
import { sampleShiftReport } from '../../support/escpos-sample-report';

const encode = (kind: 'X' | 'Z', over: { paperWidth?: 80 | 58; copy?: boolean; locale?: 'es-CO' | 'en' } = {}) => {
  const report = sampleShiftReport(kind);
  const paper = { columns: columnsFor(over.paperWidth ?? 80), codePage: 'cp858', qr: 'native' } as const;
  const bytes = escPosBytes(shiftReportBlocks(report, over.locale ?? 'es-CO', { ...paper, copy: over.copy ?? false }), paper);
  return { report, bytes, decoded: decodeEscPos(bytes) };
};
const line = (lines: string[], label: string, value: string) =>
  lines.some((l) => l.startsWith(label) && l.trimEnd().endsWith(value) && l.length <= 48);

describe('the Z report in ESC/POS', () => {
  it('prints the Z figures as the core computed them, and a cut', () => {
    const { report, decoded } = encode('Z');
    const { lines } = decoded;
    expect(lines.find((l) => l.trim() !== '')?.trim()).toBe('INFORME Z');
    expect(lines.join('\n')).toMatch(/Turno +Caja 1 · 7/);
    // Sales count, subtotal, discounts, taxes by code and rate, total.
    expect(line(lines, 'Cantidad de ventas', '3')).toBe(true);
    // The heading "Ventas" is not followed by a line that reads "Ventas 3".
    expect(lines.some((l) => /^Ventas +\d+$/.test(l.trim()))).toBe(false);
    expect(report.taxes.map((t) => `${t.code}/${t.rate}`)).toEqual(['01/19', '04/8']);
    expect(line(lines, 'IVA 19 % sobre $ 42.423,36', '$ 8.060,44')).toBe(true);
    expect(line(lines, 'INC 8 % sobre $ 16.000,00', '$ 1.280,00')).toBe(true);
    expect(line(lines, 'Total impuestos', '$ 9.340,44')).toBe(true);
    expect(line(lines, 'Descuentos', '-$ 3.780,00')).toBe(true);
    expect(line(lines, 'Total vendido', '$ 67.763,80')).toBe(true);
    // Totals by payment means, by standing and by cashier.
    expect(line(lines, 'Efectivo (2)', '$ 50.483,80')).toBe(true);
    expect(line(lines, 'Tarjeta crédito (1)', '$ 17.280,00')).toBe(true);
    expect(line(lines, 'Validadas (2)', '$ 62.763,80')).toBe(true);
    expect(line(lines, 'Pendientes (1)', '$ 5.000,00')).toBe(true);
    expect(line(lines, 'José Núñez (1)', '$ 5.000,00')).toBe(true);
    // The drawer: opening, cash asked for (rounded to 50 pesos), expected, each bill counted, counted, difference.
    expect(line(lines, 'Base inicial', '$ 100.000,00')).toBe(true);
    expect(line(lines, 'Ventas en efectivo', '$ 50.500,00')).toBe(true);
    expect(line(lines, 'Esperado en caja', `$ 150.500,00`)).toBe(true);
    expect(report.cash.expected).toBe('150500.00');
    expect(line(lines, 'Billetes $ 20.000,00', 'x 2')).toBe(true);
    // Denominations not counted are left out.
    expect(lines.some((l) => /x 0$/.test(l.trimEnd()))).toBe(false);
    expect(lines.filter((l) => /^(Billetes|Monedas) /.test(l)).length).toBeGreaterThan(0);
    expect(line(lines, 'Contado', '$ 149.700,00')).toBe(true);
    expect(line(lines, 'Diferencia', '-$ 800,00 faltante')).toBe(true);
    expect(lines.join('\n')).toContain('no es una factura');
    expect(decoded.cuts).toBe(1);
    expect(decoded.qrPayloads).toEqual([]);
    expect(decoded.pulses).toEqual([]);
  });

  it('writes the Spanish letters as CP858 bytes after selecting code page 19', () => {
    const { bytes, decoded } = encode('Z');
    expect(decoded.codePages).toEqual([19]);
    const raw = Buffer.from(bytes);
    // "Núñez" (ú = 0xA3, ñ = 0xA4), "Gómez" (ó = 0xA2), "crédito" (é = 0x82); never as UTF-8.
    for (const [word, expected] of [
      ['Núñez', [0x4e, 0xa3, 0xa4, 0x65, 0x7a]], ['Gómez', [0x47, 0xa2, 0x6d]], ['crédito', [0x63, 0x72, 0x82, 0x64]],
    ] as const) expect(raw.includes(Buffer.from(expected)), word).toBe(true);
    expect(raw.includes(Buffer.from('Núñez', 'utf8'))).toBe(false);
  });

  it('keeps every line within 48 columns on 80 mm and 32 on 58 mm, the figures still whole', () => {
    for (const paperWidth of [80, 58] as const) {
      const { decoded } = encode('Z', { paperWidth });
      expect(Math.max(...decoded.lines.map((l) => l.length))).toBeLessThanOrEqual(columnsFor(paperWidth));
      expect(decoded.lines.some((l) => /^Diferencia +-\$ 800,00 faltante$/.test(l))).toBe(true);
      expect(decoded.lines.some((l) => /^ +\$ 8\.060,44$/.test(l) || /IVA 19 %.*\$ 8\.060,44$/.test(l))).toBe(true);
    }
  });

  it('marks a Z printed again as COPIA at the top', () => {
    const { decoded } = encode('Z', { copy: true });
    expect(decoded.lines.find((l) => l.trim() !== '')?.trim()).toBe('*** COPIA ***');
    expect(decoded.lines.join('\n')).toContain('INFORME Z');
  });
});

describe('the X report in ESC/POS', () => {
  it('has the sales and the expected cash but no count, no close and no difference', () => {
    const { decoded } = encode('X');
    const text = decoded.lines.join('\n');
    expect(decoded.lines.find((l) => l.trim() !== '')?.trim()).toBe('INFORME X');
    expect(text).toMatch(/Esperado en caja +\$ 150\.500,00/);
    expect(text).not.toMatch(/Contado|Diferencia|Billetes|Cierre +\d/);
    expect(decoded.cuts).toBe(1);
  });

  it('speaks English when the till does', () => {
    const { decoded } = encode('Z', { locale: 'en' });
    const text = decoded.lines.join('\n');
    expect(text).toContain('Z REPORT');
    expect(text).toMatch(/Difference +-\$800\.00 short/);
  });
});

describe('corrections after the close on paper', () => {
  it('lists each one under its own heading after the frozen figures, within the paper\'s columns', () => {
    const report = {
      ...sampleShiftReport('Z'),
      afterClose: [
        { at: Date.UTC(2026, 10, 24, 15, 0), kind: 'new_reference', referenceCode: 'K7M2QX-01JH000000AAAAAAAAAAAAAAAA', newReferenceCode: 'K7M2QX-01JH000000BBBBBBBBBBBBBBBB', shortNumber: 12, newShortNumber: 15, payableBefore: '19850.00', payableAfter: '21000.00', personName: 'Ana', approvedByName: null, reason: 'NIT' },
        { at: Date.UTC(2026, 10, 24, 16, 0), kind: 'void', referenceCode: 'K7M2QX-01JH000000CCCCCCCCCCCCCCCC', newReferenceCode: null, shortNumber: 13, newShortNumber: null, payableBefore: '5000.00', payableAfter: null, personName: 'Ana', approvedByName: null, reason: 'x' },
      ],
    } as const;
    for (const paperWidth of [80, 58] as const) {
      const paper = { columns: columnsFor(paperWidth), codePage: 'cp858', qr: 'native' } as const;
      const { lines } = decodeEscPos(escPosBytes(shiftReportBlocks({ ...report, afterClose: [...report.afterClose] }, 'es-CO', { ...paper, copy: false }), paper));
      const text = lines.join('\n');
      expect(text.indexOf('Correcciones después del cierre')).toBeGreaterThan(text.indexOf('Diferencia'));
      expect(text).toMatch(/Caja 1\s·\s000012 reemplazada\s+por\s+000015/);
      expect(text).toMatch(/Caja 1\s·\s000013 anulada/);
      expect(lines.some((l) => l.startsWith('Antes') && l.trimEnd().endsWith('$ 19.850,00'))).toBe(true);
      expect(lines.some((l) => l.startsWith('Ahora') && l.trimEnd().endsWith('$ 21.000,00'))).toBe(true);
      expect(lines.every((l) => l.length <= paper.columns)).toBe(true);
    }
    const paper = { columns: 48, codePage: 'cp858', qr: 'native' } as const;
    const plain = decodeEscPos(escPosBytes(shiftReportBlocks(sampleShiftReport('Z'), 'es-CO', { ...paper, copy: false }), paper));
    expect(plain.lines.join('\n')).not.toContain('Correcciones');
  });
});
