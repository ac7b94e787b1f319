/**
 * The core's CSV import messages (electron/core/app/catalog-import.ts, English) in the owner's language; anything
 * else goes through the bridge's field rules (`localizeFieldMessage`). Pure: the caller passes the dictionary.
 */
import { localizeFieldMessage } from '../bridge/bridge-error-text';
import type { Messages } from '../i18n/messages';

type Rule = [RegExp, (t: Messages, m: RegExpMatchArray) => string];

const RULES: readonly Rule[] = [
  [/^"(.*)" is not a number$/, (t, m) => t.importRules.notNumber(m[1] ?? '')],
  [/^"(.*)" is ambiguous: write it without thousands separators$/, (t, m) => t.importRules.ambiguous(m[1] ?? '')],
  [/^code (.+) is already on row (\d+)$/, (t, m) => t.importRules.codeTwice(m[1] ?? '', m[2] ?? '')],
  [/^barcode (.+) is already on row (\d+)$/, (t, m) => t.importRules.barcodeTwice(m[1] ?? '', m[2] ?? '')],
  [/^barcode (.+) already belongs to product (.+)$/, (t, m) => t.importRules.barcodeTaken(m[1] ?? '', m[2] ?? '')],
  [/^the file needs this column$/, (t) => t.importRules.columnNeeded],
  [/^this column is not used$/, (t) => t.importRules.columnUnused],
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
