import QRCode from 'qrcode';

/**
 * The QR a printed invoice carries, as a PNG data URI ready to embed.
 * Error correction M survives a smudged thermal print; a 2-module margin keeps it scannable on a narrow slip.
 */
export function qrDataUri(url: string): Promise<string> {
  // One byte-mode segment: the library's search for the cheapest mix of modes allocates some 0.6 MB a code and gives
  // a DIAN URL the same version anyway (common/receipt/qr-payload.ts says more).
  return QRCode.toDataURL([{ data: Buffer.from(url, 'utf8'), mode: 'byte' }], { type: 'image/png', errorCorrectionLevel: 'M', margin: 2 });
}
