/**
 * What the QR encoder is given for a receipt's QR URL: its UTF-8 bytes as one byte-mode segment. Handed a plain
 * string, the qrcode library looks for the cheapest mix of modes with a graph search (some 0.6 MB of short-lived
 * objects a code); a DIAN URL in lowercase with a 96-character hex CUFE gets the same version either way (9 at level
 * M), so on a receipt the search buys nothing. (sandbox/qr.ts does the same for the demo service's images.)
 */
import type { QRCodeSegment } from 'qrcode';

export const qrPayload = (text: string): QRCodeSegment[] => [{ data: Buffer.from(text, 'utf8'), mode: 'byte' }];
