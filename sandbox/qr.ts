import QRCode from 'qrcode';

/**
 * The QR a printed invoice carries, as a PNG data URI ready to embed.
 * Error correction M survives a smudged thermal print; a 2-module margin keeps it scannable on a narrow slip.
 */
export function qrDataUri(url: string): Promise<string> {
  return QRCode.toDataURL(url, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2 });
}
