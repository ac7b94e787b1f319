import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { receiptPdfOptions } from '../../../electron/printing';

const css = readFileSync(new URL('../../../renderer/styles/receipt.css', import.meta.url), 'utf8');
const MM_PER_INCH = 25.4;

/** `@page receipt-80 { size: … }` → the two lengths in mm, or the raw value when it is not two mm lengths. */
function pageSize(width: number): string {
  return (css.match(new RegExp(`@page\\s+receipt-${width}\\s*\\{[^}]*size:\\s*([^;}]+)`))?.[1] ?? '').trim();
}

describe('the receipt\'s print page size', () => {
  it.each([80, 58] as const)('%i mm paper: a valid two-length size (no "auto", which Chromium drops for Letter)', (width) => {
    const size = pageSize(width);
    expect(size).toMatch(/^\d+mm \d+mm$/);
    expect(size.split(' ')[0]).toBe(`${width}mm`);
  });

  it.each([80, 58] as const)('%i mm paper: the same page as the Electron shell\'s printToPDF', (width) => {
    const [w, h] = pageSize(width).split(' ').map((length) => Number.parseFloat(length));
    const pdf = receiptPdfOptions(width).pageSize as { width: number; height: number };
    expect(w).toBeCloseTo(pdf.width * MM_PER_INCH, 6);
    expect(h).toBeCloseTo(pdf.height * MM_PER_INCH, 6);
  });
});
