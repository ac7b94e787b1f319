/** The receipt's QR as a PNG data URI: the service's own image when it sent one, else drawn here from qr_url. */
import QRCode from 'qrcode';

/** Wide enough that the code prints at least 2 cm square (DOMAIN.md) on a 203 dpi thermal printer. */
export const QR_PIXELS = 256;

export function drawQr(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: QR_PIXELS, type: 'image/png' });
}

export async function receiptQr(entry: { qrImage: string | null; qrUrl: string | null }): Promise<string | null> {
  if (entry.qrImage && /^data:image\/png;base64,/i.test(entry.qrImage)) return entry.qrImage;
  if (entry.qrUrl) return drawQr(entry.qrUrl);
  return null;
}
