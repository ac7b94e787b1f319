/**
 * A small ESC/POS reader for tests: what a printer would do with the bytes, as text lines in the selected code
 * page, QR payloads (GS ( k), raster pictures (GS v 0), cuts (GS V), drawer pulses (ESC p) and status questions
 * (DLE EOT). Strict: a command it does not know throws, so garbage never passes as a receipt.
 */

/** Bytes 0x80-0xFF of CP850; CP858 is the same with € at 0xD5 (CP850 has ı there). */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';
const CP858_HIGH = `${CP850_HIGH.slice(0, 0x55)}€${CP850_HIGH.slice(0x56)}`;
/** Epson's ESC t numbers → the table for bytes ≥ 0x80 (windows-1252 through TextDecoder). */
const CODE_PAGES: Record<number, string | ((b: number) => string)> = {
  2: CP850_HIGH,
  19: CP858_HIGH,
  16: (b) => new TextDecoder('windows-1252').decode(Uint8Array.of(b)),
};

export interface DecodedPicture { width: number; height: number; /** 1 = black dot, row by row. */ dots: Uint8Array }

export interface DecodedReceipt {
  /** Printed lines, right-trimmed (centering spaces kept on the left). */
  lines: string[];
  /** ESC t numbers selected, in order. */
  codePages: number[];
  /** QR payloads stored and then printed. */
  qrPayloads: string[];
  pictures: DecodedPicture[];
  cuts: number;
  pulses: Array<{ pin: number; onMs: number; offMs: number }>;
  statusQuestions: number[];
  bold: boolean[];
  /** Everything in paper order, for drawing the receipt. */
  paper: Array<{ type: 'line'; text: string; bold: boolean } | { type: 'qr'; payload: string } | { type: 'picture'; index: number } | { type: 'cut' }>;
}

export function decodeEscPos(input: Uint8Array): DecodedReceipt {
  const b = input;
  const out: DecodedReceipt = { lines: [], codePages: [], qrPayloads: [], pictures: [], cuts: 0, pulses: [], statusQuestions: [], bold: [], paper: [] };
  let page: number | null = null;
  let line = '';
  let lineBold = false;
  let storedQr: string | null = null;
  const need = (i: number, n: number) => {
    if (i + n > b.length) throw new Error(`command at byte ${i} is cut short`);
  };
  const charOf = (byte: number): string => {
    if (byte < 0x80) return String.fromCharCode(byte);
    if (page === null) throw new Error(`byte 0x${byte.toString(16)} printed before any code page was selected`);
    const table = CODE_PAGES[page];
    if (table === undefined) throw new Error(`unknown code page ${page}`);
    return typeof table === 'string' ? (table[byte - 0x80] ?? '?') : table(byte);
  };
  let bold = false;
  let lastWasPicture = false;
  for (let i = 0; i < b.length;) {
    const c = b[i] as number;
    if (!(c === 0x1d && b[i + 1] === 0x76)) lastWasPicture = false;
    if (c === 0x0a) {
      out.lines.push(line.replace(/\s+$/, ''));
      out.bold.push(lineBold);
      out.paper.push({ type: 'line', text: line.replace(/\s+$/, ''), bold: lineBold });
      line = '';
      lineBold = false;
      i += 1;
    } else if (c === 0x0d) {
      i += 1;
    } else if (c >= 0x20) {
      line += charOf(c);
      if (bold) lineBold = true;
      i += 1;
    } else if (c === 0x1b) {
      need(i, 2);
      const cmd = b[i + 1] as number;
      if (cmd === 0x40) i += 2; // ESC @ initialize
      else if (cmd === 0x74) { need(i, 3); page = b[i + 2] as number; out.codePages.push(page); i += 3; }
      else if (cmd === 0x45) { need(i, 3); bold = b[i + 2] === 1; i += 3; }
      else if (cmd === 0x70) {
        need(i, 5);
        out.pulses.push({ pin: b[i + 2] as number, onMs: (b[i + 3] as number) * 2, offMs: (b[i + 4] as number) * 2 });
        i += 5;
      } else if ([0x4d, 0x61, 0x2d, 0x21, 0x33, 0x64, 0x4a, 0x47, 0x7b, 0x52].includes(cmd)) { need(i, 3); i += 3; }
      else if (cmd === 0x32) i += 2;
      else throw new Error(`unknown command ESC 0x${cmd.toString(16)} at byte ${i}`);
    } else if (c === 0x1c) {
      need(i, 2);
      if (b[i + 1] === 0x2e) i += 2; // FS . cancel Kanji mode
      else throw new Error(`unknown command FS 0x${(b[i + 1] as number).toString(16)} at byte ${i}`);
    } else if (c === 0x10) {
      need(i, 3);
      if (b[i + 1] !== 0x04) throw new Error(`unknown command DLE 0x${(b[i + 1] as number).toString(16)} at byte ${i}`);
      out.statusQuestions.push(b[i + 2] as number);
      i += 3;
    } else if (c === 0x1d) {
      need(i, 2);
      const cmd = b[i + 1] as number;
      if (cmd === 0x21 || cmd === 0x42) { need(i, 3); i += 3; }
      else if (cmd === 0x56) {
        need(i, 3);
        const m = b[i + 2] as number;
        out.cuts += 1;
        out.paper.push({ type: 'cut' });
        i += m >= 65 ? 4 : 3;
      } else if (cmd === 0x28 && b[i + 2] === 0x6b) {
        need(i, 8);
        const length = (b[i + 3] as number) + (b[i + 4] as number) * 256;
        const cn = b[i + 5] as number;
        const fn = b[i + 6] as number;
        need(i, 5 + length);
        if (cn !== 0x31) throw new Error(`GS ( k for symbol ${cn} is not a QR code`);
        if (fn === 0x50) storedQr = new TextDecoder('latin1').decode(b.subarray(i + 8, i + 5 + length));
        if (fn === 0x51) {
          if (storedQr === null) throw new Error('a QR code printed before its data was stored');
          out.qrPayloads.push(storedQr);
          out.paper.push({ type: 'qr', payload: storedQr });
        }
        i += 5 + length;
      } else if (cmd === 0x76 && b[i + 2] === 0x30) {
        need(i, 8);
        const bytesWide = (b[i + 4] as number) + (b[i + 5] as number) * 256;
        const height = (b[i + 6] as number) + (b[i + 7] as number) * 256;
        need(i, 8 + bytesWide * height);
        const width = bytesWide * 8;
        const dots = new Uint8Array(width * height);
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            const byte = b[i + 8 + y * bytesWide + (x >> 3)] as number;
            dots[y * width + x] = (byte >> (7 - (x & 7))) & 1;
          }
        }
        // The encoder sends a tall picture in bands; a printer prints them one under the other.
        const previous = out.pictures[out.pictures.length - 1];
        if (previous && previous.width === width && lastWasPicture) {
          const joined = new Uint8Array(previous.dots.length + dots.length);
          joined.set(previous.dots);
          joined.set(dots, previous.dots.length);
          out.pictures[out.pictures.length - 1] = { width, height: previous.height + height, dots: joined };
        } else {
          out.pictures.push({ width, height, dots });
          out.paper.push({ type: 'picture', index: out.pictures.length - 1 });
        }
        lastWasPicture = true;
        i += 8 + bytesWide * height;
        continue;
      } else throw new Error(`unknown command GS 0x${cmd.toString(16)} at byte ${i}`);
    } else {
      throw new Error(`unexpected control byte 0x${c.toString(16)} at byte ${i}`);
    }
  }
  if (line) {
    out.lines.push(line.replace(/\s+$/, ''));
    out.bold.push(lineBold);
  }
  return out;
}

/** The job bytes of a recorded connection without the status questions a careful client asks around them. */
export function withoutStatusQuestions(bytes: Uint8Array): Uint8Array {
  const kept: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x10 && bytes[i + 1] === 0x04 && (bytes[i + 2] === 1 || bytes[i + 2] === 4)) { i += 2; continue; }
    kept.push(bytes[i] as number);
  }
  return Uint8Array.from(kept);
}
