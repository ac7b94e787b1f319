/** A CSV problem from the core (English, by row and column) in the owner's language. Pure. */
import { localizeFieldMessage } from '../bridge/bridge-error-text';
import type { Messages } from '../i18n/messages';

type Rule = [RegExp, (t: Messages, m: RegExpMatchArray) => string];

// The messages of electron/core/csv/csv-file.ts, customer-csv.ts and customer-directory-handlers.ts.
const RULES: readonly Rule[] = [
  [/^the column "(.+)" is missing$/, (t, m) => t.importMissingColumn(m[1] ?? '')],
  [/^repeats the customer of row (\d+)$/, (t, m) => t.importRepeatedRow(m[1] ?? '')],
  [/^has (\d+) cells but the header names (\d+) columns$/, (t, m) => t.importTooManyCells(m[1] ?? '', m[2] ?? '')],
  [/^the file cannot be read as CSV near line (\d+)/, (t, m) => t.importUnreadable(m[1] ?? '')],
  [/^the file is empty/, (t) => t.importEmpty],
  [/^and (\d+) more problems$/, (t, m) => t.importMore(m[1] ?? '')],
];

export function importProblemText(message: string, t: Messages): string {
  for (const [pattern, say] of RULES) {
    const match = message.match(pattern);
    if (match) return say(t, match);
  }
  return localizeFieldMessage(message, t);
}
