import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { drawQr } from '../../../common/receipt/qr-image';
import { MIN_QR_CSS_PX, qrDisplay, qrGeometry } from '../../../renderer/receipt/qr-fit';
import { qrDataUri } from '../../../sandbox/qr';

// pngjs comes with qrcode and has no type declarations of its own.
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};
const pixels = (dataUri: string) => {
  const png = PNG.sync.read(Buffer.from(dataUri.split(',')[1]!, 'base64'));
  return { px: new Uint8ClampedArray(png.data), width: png.width, height: png.height };
};
const URL_96 = `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${'ab12'.repeat(24)}`;

describe('the receipt QR on screen: whole device pixels per module, with its quiet zone', () => {
  it("reads the module size and margin of the service's image (the sandbox draws 4 px a module, margin 2)", async () => {
    const { px, width, height } = pixels(await qrDataUri(URL_96));
    const modules = QRCode.create(URL_96, { errorCorrectionLevel: 'M' }).modules.size;
    expect(qrGeometry(px, width, height)).toEqual({ moduleSize: 4, modules, margin: 2 });
  });

  it('draws its own QR at a whole number of pixels per module with the 4-module quiet zone, at least 160 px', async () => {
    const { px, width, height } = pixels(await drawQr(URL_96));
    const g = qrGeometry(px, width, height);
    expect(g).toMatchObject({ moduleSize: 4, margin: 4 });
    expect(width).toBeGreaterThanOrEqual(160);
  });

  it('shows k whole device pixels per module, the code at least 25 mm, and pads the quiet zone to 4 modules', () => {
    for (const dpr of [1, 1.25, 2, 3]) {
      const g = { moduleSize: 4, modules: 49, margin: 2 };
      const { size, padding } = qrDisplay(g, dpr);
      const k = (size * dpr) / (g.modules + 2 * g.margin);
      expect(Number.isInteger(k) && k >= 2, `dpr ${dpr}`).toBe(true);
      expect(size).toBeGreaterThanOrEqual(MIN_QR_CSS_PX - 1e-9);
      expect((padding * dpr) / k).toBe(2);
    }
  });

  it('declines an image that is not drawn at whole pixels per module (it keeps the plain 25 mm size)', () => {
    const blank = new Uint8ClampedArray(50 * 50 * 4).fill(255);
    expect(qrGeometry(blank, 50, 50)).toBeNull();
    expect(qrGeometry(blank, 50, 40)).toBeNull();
  });
});
