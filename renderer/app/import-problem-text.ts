/**
 * A CSV import problem from the core (English, by row and column: common/csv/csv-file.ts, customer-csv.ts,
 * catalog-import.ts and the customer directory's handlers) in the owner's language; anything else goes through the
 * bridge's field rules (`localizeFieldMessage`). One table for both imports, as they share one CSV reader. Pure.
 */
import { localizeFieldMessage } from '../bridge/bridge-error-text';
import type { Messages } from '../i18n/messages';

type Rule = [RegExp, (t: Messages, m: RegExpMatchArray) => string];

const RULES: readonly Rule[] = [
  // The file and its columns (csv-file.ts).
  [/^the column "(.+)" is missing$/, (t, m) => t.importMissingColumn(m[1] ?? '')],
  [/^the column "(.+)" appears twice$/, (t, m) => t.importRules.columnTwice(m[1] ?? '')],
  [/^the file cannot be read as CSV near line (\d+)/, (t, m) => t.importUnreadable(m[1] ?? '')],
  [/^the file is empty/, (t) => t.importEmpty],
  [/^the file has more than (\d+) rows/, (t, m) => t.importRules.tooManyRows(m[1] ?? '')],
  [/^this column is not used$/, (t) => t.importRules.columnUnused],
  [/^and (\d+) more problems$/, (t, m) => t.importMore(m[1] ?? '')],
  // Customers.
  [/^repeats the customer of row (\d+)$/, (t, m) => t.importRepeatedRow(m[1] ?? '')],
  [/^has (\d+) cells but the header names (\d+) columns$/, (t, m) => t.importTooManyCells(m[1] ?? '', m[2] ?? '')],
  // Products.
  [/^"(.*)" is not a number$/, (t, m) => t.importRules.notNumber(m[1] ?? '')],
  [/^"(.*)" is ambiguous: write it without thousands separators$/, (t, m) => t.importRules.ambiguous(m[1] ?? '')],
  [/^code (.+) is already on row (\d+)$/, (t, m) => t.importRules.codeTwice(m[1] ?? '', m[2] ?? '')],
  [/^barcode (.+) is already on row (\d+)$/, (t, m) => t.importRules.barcodeTwice(m[1] ?? '', m[2] ?? '')],
  [/^barcode (.+) already belongs to product (.+)$/, (t, m) => t.importRules.barcodeTaken(m[1] ?? '', m[2] ?? '')],
  [/^"(.*)" is a number the spreadsheet wrote in scientific notation/, (t, m) => t.importRules.scientific(m[1] ?? '')],
  [/^"(.*)" is a tax per unit \(INC bolsas\), not a percentage/, (t, m) => t.importRules.perUnitTax(m[1] ?? '')],
  [/^does not match "(.*)"$/, (t, m) => t.importRules.taxMismatch(m[1] ?? '')],
  [/^no base price with 2 decimals pays exactly ([\d.]+); the nearest \(([\d.]+)\) pays ([\d.]+) \(difference (-?[\d.]+)\)$/,
    (t, m) => t.importRules.shelfMiss(m[1] ?? '', m[3] ?? '', m[4] ?? '')],
];

export function importProblemText(message: string, t: Messages): string {
  for (const [pattern, say] of RULES) {
    const match = message.match(pattern);
    if (match) return say(t, match);
  }
  return localizeFieldMessage(message, t);
}
