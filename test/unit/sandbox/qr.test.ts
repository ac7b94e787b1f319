import { describe, expect, it } from 'vitest';
import { qrDataUri } from '../../../sandbox/qr';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PREFIX = 'data:image/png;base64,';
const DIAN_URL = 'https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=' + 'ab12'.repeat(16);

function decode(dataUri: string): Buffer {
  expect(dataUri.startsWith(PREFIX)).toBe(true);
  return Buffer.from(dataUri.slice(PREFIX.length), 'base64');
}

describe('qrDataUri', () => {
  it('returns a base64 PNG data URI of reasonable size', async () => {
    const png = decode(await qrDataUri(DIAN_URL));
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png.length).toBeGreaterThan(200);
    expect(png.length).toBeLessThan(20_000);
  });

  it('encodes at error correction M with a 2-module margin (square image of the expected width)', async () => {
    const png = decode(await qrDataUri(DIAN_URL));
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    // This 132-character URL needs QR version 8 at level M (49 modules; L would fit in 41, Q needs 57).
    // (49 + 2 × 2 margin) modules × 4 px per module (the library's default scale) = 212 px.
    expect(width).toBe(height);
    expect(width).toBe(212);
  });

  it('gives different images for different CUFEs', async () => {
    const other = DIAN_URL.replace(/ab12$/, 'cd34');
    expect(await qrDataUri(other)).not.toBe(await qrDataUri(DIAN_URL));
  });
});
