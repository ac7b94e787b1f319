/**
 * Numbers as spreadsheets write them: "4.201,68" (Colombia, decimal comma), "4,201.68" or "4201.68" (decimal point),
 * "$ 11.900". The file's decimal mark is decided once for the whole file, so "12.900" in a decimal-comma file is
 * twelve thousand nine hundred, never twelve point nine.
 */
export type DecimalMark = ',' | '.';

const CLEAN = /[\s\u00a0$]/g;

/**
 * Decimal comma when any number in the file is written with one ("4201,68", "1.234,5"); decimal point when any is
 * written with a point that is not a thousands separator ("4201.68"). Otherwise the delimiter decides: a `;` file
 * comes from a spreadsheet set to a decimal comma (Excel in Spanish), so its "11.900" is eleven thousand nine hundred.
 */
export function detectDecimalMark(values: Iterable<string>, delimiter: ';' | ',' = ','): DecimalMark {
  const detector = decimalMarkDetector(delimiter);
  for (const raw of values) if (detector.see(raw)) break;
  return detector.mark();
}

/** detectDecimalMark a value at a time, for a file read a row at a time: `see` answers true once the mark is certain. */
export function decimalMarkDetector(delimiter: ';' | ','): { see(raw: string): boolean; mark(): DecimalMark } {
  let pointSeen = false;
  let comma = false;
  return {
    see(raw) {
      if (comma) return true;
      const v = raw.replace(CLEAN, '');
      // "1,500" alone could be either; a comma followed by other than groups of three digits decides.
      if ((/^\d{1,3}(\.\d{3})*,\d+$/.test(v) || /^\d+,\d+$/.test(v)) && !/^\d{1,3}(,\d{3})+$/.test(v)) return (comma = true);
      if (/^\d*\.\d+$/.test(v) && !/^\d{1,3}(\.\d{3})+$/.test(v)) pointSeen = true;
      return false;
    },
    mark: () => (comma ? ',' : pointSeen || delimiter === ',' ? '.' : ','),
  };
}

export type DecimalCell =
  | { kind: 'number'; text: string }
  | { kind: 'empty' }
  | { kind: 'invalid' }
  /** "12.900" in a decimal-point file: twelve thousand nine hundred or twelve point nine? */
  | { kind: 'ambiguous' };

/** The two shapes a number may have under each mark: grouped in thousands, or plain (made once, not per cell). */
const SHAPES: Record<DecimalMark, { grouped: RegExp; plain: RegExp }> = {
  ',': { grouped: /^(\d{1,3}(?:\.\d{3})+)(?:,(\d+))?$/, plain: /^(\d+)(?:,(\d+))?$/ },
  '.': { grouped: /^(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/, plain: /^(\d+)(?:\.(\d+))?$/ },
};

/** The value as plain decimal text ("4201.68"), keeping its written decimals ("12.50" stays two). */
export function readDecimalCell(raw: string, mark: DecimalMark): DecimalCell {
  const v = raw.replace(CLEAN, '');
  if (v === '') return { kind: 'empty' };
  if (mark === '.' && /^\d{1,3}(\.\d{3})+$/.test(v)) return { kind: 'ambiguous' };
  const { grouped, plain } = SHAPES[mark];
  const match = grouped.exec(v) ?? plain.exec(v);
  if (!match) return { kind: 'invalid' };
  const whole = (match[1] ?? '').replace(/[.,]/g, '').replace(/^0+(?=\d)/, '');
  return { kind: 'number', text: match[2] ? `${whole}.${match[2]}` : whole };
}

/** Decimals as written ("12.50" → 2), which the number itself would lose (12.5). */
export function writtenDecimals(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}
