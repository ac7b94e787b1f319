#!/usr/bin/env node
/**
 * Draws build/icon.png (512×512, the same picture as build/icon.svg) without any image library, so the
 * packaging icon can be regenerated on any machine: `node build/icon.mjs`.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4; // 4×4 samples per pixel smooth the edges
const TEAL = [0x0f, 0x76, 0x6e];
const WHITE = [0xff, 0xff, 0xff];
const AMBER = [0xf5, 0x9e, 0x0b];

const inRoundedSquare = (x, y) => {
  const [lo, hi, r] = [32, 480, 96];
  if (x < lo || x > hi || y < lo || y > hi) return false;
  const cx = Math.min(Math.max(x, lo + r), hi - r);
  const cy = Math.min(Math.max(y, lo + r), hi - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const inReceipt = (x, y) => {
  if (x < 152 || x > 360 || y < 96 || y > 424) return false;
  if (y <= 400) return true;
  const centre = 165 + 26 * Math.min(7, Math.floor((x - 152) / 26)); // the tooth under x
  return Math.abs(x - centre) <= (13 * (424 - y)) / 24;
};
const inRect = (x, y, left, top, width, height) => x >= left && x <= left + width && y >= top && y <= top + height;

/** The colour at a point, or null for transparent. Later shapes paint over earlier ones. */
function colourAt(x, y) {
  if (inRect(x, y, 248, 312, 80, 24)) return AMBER;
  if (inRect(x, y, 184, 144, 144, 16) || inRect(x, y, 184, 192, 144, 16) || inRect(x, y, 184, 240, 96, 16)) return TEAL;
  if (inReceipt(x, y)) return WHITE;
  if (inRoundedSquare(x, y)) return TEAL;
  return null;
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let py = 0; py < SIZE; py++) {
  const row = py * (SIZE * 4 + 1);
  raw[row] = 0; // filter: none
  for (let px = 0; px < SIZE; px++) {
    let [r, g, b, covered] = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const colour = colourAt(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
        if (!colour) continue;
        r += colour[0]; g += colour[1]; b += colour[2]; covered++;
      }
    }
    const at = row + 1 + px * 4;
    if (covered) {
      raw[at] = Math.round(r / covered);
      raw[at + 1] = Math.round(g / covered);
      raw[at + 2] = Math.round(b / covered);
    }
    raw[at + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bits per channel
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('./icon.png', import.meta.url), png);
console.log(`build/icon.png: ${SIZE}×${SIZE}, ${png.length} bytes`);
