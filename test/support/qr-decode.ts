/** Decodes a PNG data URI QR code back to its text, as a phone or the tax authority's app would read it. */
import { createRequire } from 'node:module';
import jsQR from 'jsqr';

// pngjs comes with qrcode and has no type declarations of its own.
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};

export function decodeQrDataUri(dataUri: string): { text: string; width: number } {
  const match = /^data:image\/png;base64,(.+)$/.exec(dataUri);
  if (!match?.[1]) throw new Error('not a PNG data URI');
  const png = PNG.sync.read(Buffer.from(match[1], 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code found in the image');
  return { text: code.data, width: png.width };
}
