/**
 * A picture of what the paper will show, drawn from decoded ESC/POS bytes (not from the model): each printed line
 * in a monospaced font, bold where the printer prints bold, the QR from its payload as the printer would draw it,
 * the cut as a dashed line. SVG, so the README shows it as is.
 */
import QRCode from 'qrcode';
import type { DecodedReceipt } from './escpos-decoder';

const CHAR_W = 8.4;
const LINE_H = 18;
const PAD = 16;

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function receiptSvg(decoded: DecodedReceipt, columns: number, caption: string): string {
  const width = Math.round(columns * CHAR_W + PAD * 2);
  const parts: string[] = [];
  let y = PAD;
  for (const item of decoded.paper) {
    if (item.type === 'line') {
      y += LINE_H;
      if (item.text.trim()) {
        parts.push(`<text x="${PAD}" y="${y - 4}" xml:space="preserve"${item.bold ? ' font-weight="bold"' : ''}>${escape(item.text)}</text>`);
      }
    } else if (item.type === 'qr' || item.type === 'picture') {
      const modules = item.type === 'qr' ? QRCode.create(item.payload, { errorCorrectionLevel: 'M' }).modules : null;
      const picture = item.type === 'picture' ? decoded.pictures[item.index] : undefined;
      const size = modules ? modules.size : (picture?.width ?? 0);
      const dot = modules ? 4 : 1;
      const side = size * dot;
      const x0 = Math.round((width - side) / 2);
      const rects: string[] = [];
      for (let r = 0; r < size; r++) {
        for (let c = 0; c < size; c++) {
          const dark = modules ? modules.get(r, c) === 1 : picture?.dots[r * (picture?.width ?? 0) + c] === 1;
          if (dark) rects.push(`M${x0 + c * dot},${y + 8 + r * dot}h${dot}v${dot}h-${dot}z`);
        }
      }
      parts.push(`<path d="${rects.join('')}" fill="#000"/>`);
      y += side + 16;
    } else {
      y += LINE_H;
      parts.push(`<line x1="0" x2="${width}" y1="${y}" y2="${y}" stroke="#888" stroke-dasharray="6 4"/>`);
      parts.push(`<text x="${width - PAD}" y="${y - 4}" text-anchor="end" fill="#888" font-size="11">✂ corte</text>`);
    }
  }
  const height = y + PAD;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(caption)}">
<rect width="100%" height="100%" fill="#fffef8" stroke="#ccc"/>
<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" fill="#111">
${parts.join('\n')}
</g>
</svg>
`;
}
