/** The receipt's QR as a PNG data URI: the service's own image when it sent one, else drawn here from qr_url. */
import QRCode from 'qrcode';
import { qrPayload } from './qr-payload';

/**
 * Whole pixels per module (a `width` option would scale by a fraction and smear the modules) with the standard
 * 4-module quiet zone; 4 px a module keeps even a small code above 160 px, 2 cm at 203 dpi (DOMAIN.md).
 */
export const QR_PIXELS_PER_MODULE = 4;

export function drawQr(url: string): Promise<string> {
  return QRCode.toDataURL(qrPayload(url), { errorCorrectionLevel: 'M', margin: 4, scale: QR_PIXELS_PER_MODULE, type: 'image/png' });
}

export async function receiptQr(entry: { qrImage: string | null; qrUrl: string | null }): Promise<string | null> {
  if (entry.qrImage && /^data:image\/png;base64,/i.test(entry.qrImage)) return entry.qrImage;
  if (entry.qrUrl) return drawQr(entry.qrUrl);
  return null;
}
