/**
 * How to show a QR image so that every module is a whole number of device pixels, with its 4-module quiet zone:
 * scaled by a fraction, a 212 px image shown at 94 px smears its modules and cannot be read from the screen.
 * Pure: the caller passes the image's pixels (RGBA) and the screen's device pixel ratio.
 */

/** The quiet zone the QR standard asks for around the code, in modules. */
export const QUIET_ZONE_MODULES = 4;
/** The DIAN asks for at least 2 cm; 25 mm in CSS pixels (96 per inch) leaves margin on paper. */
export const MIN_QR_CSS_PX = (25 / 25.4) * 96;

export interface QrGeometry {
  /** Image pixels per module. */
  moduleSize: number;
  /** Modules across the code itself (21, 25, … 177), without any margin. */
  modules: number;
  /** Margin the image already has, in modules. */
  margin: number;
}

const dark = (px: Uint8ClampedArray, i: number) => (px[i * 4]! + px[i * 4 + 1]! + px[i * 4 + 2]!) / 3 < 128 && px[i * 4 + 3]! > 127;

/**
 * Reads the top-left finder pattern (7 modules wide, dark from its first pixel) to learn the image's module size.
 * Null when the image is not a square QR drawn at a whole number of pixels per module.
 */
export function qrGeometry(px: Uint8ClampedArray, width: number, height: number): QrGeometry | null {
  if (width !== height || width <= 0 || px.length < width * height * 4) return null;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!dark(px, y * width + x)) continue;
      let run = 0;
      while (x + run < width && dark(px, y * width + x + run)) run++;
      const moduleSize = run / 7;
      if (!Number.isInteger(moduleSize) || x !== y || x % moduleSize !== 0) return null;
      const margin = x / moduleSize;
      const modules = width / moduleSize - 2 * margin;
      if (!Number.isInteger(modules) || modules < 21 || (modules - 17) % 4 !== 0) return null;
      return { moduleSize, modules, margin };
    }
  }
  return null;
}

/**
 * The CSS size of the image and the padding that completes its quiet zone, so that each module is `k` whole
 * device pixels, `k` the smallest that makes the code at least MIN_QR_CSS_PX wide (and at least 2).
 */
export function qrDisplay(g: QrGeometry, devicePixelRatio: number): { size: number; padding: number } {
  const dpr = devicePixelRatio > 0 && Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1;
  const across = g.modules + 2 * g.margin;
  const k = Math.max(2, Math.ceil((MIN_QR_CSS_PX * dpr) / across));
  return { size: (across * k) / dpr, padding: (Math.max(0, QUIET_ZONE_MODULES - g.margin) * k) / dpr };
}
