/**
 * What must never show on a Spanish screen (issue 17): the English dictionary's own words, and raw codes or
 * English the core writes (service states, zod's "pin: must be…", "Client ID"). Shared by the dictionary unit test
 * and the e2e check (test/e2e/spanish-check.ts); pure, no browser.
 */
import { en } from '../../renderer/i18n/en';
import { es } from '../../renderer/i18n/es';

type Tree = Record<string, unknown>;
const MARK = '\u0001';

/** Every text of a dictionary: plain entries, and the fixed parts of each function's sentence. */
export function dictionaryTexts(tree: Tree): string[] {
  const texts: string[] = [];
  for (const value of Object.values(tree)) {
    if (typeof value === 'string') texts.push(value);
    else if (typeof value === 'function') {
      try {
        const said = (value as (...args: unknown[]) => unknown)(...Array.from({ length: value.length }, () => MARK));
        if (typeof said === 'string') texts.push(...said.split(MARK));
      } catch {
        // a function that needs real values (a number's methods): its words are checked where it is used
      }
    } else if (typeof value === 'object' && value !== null) texts.push(...dictionaryTexts(value as Tree));
  }
  return texts.map((t) => t.trim()).filter((t) => t !== '');
}

const MIN_LENGTH = 8;

/**
 * English texts that would give an English string away: not also Spanish (the same in es, like "NIT" or "PDF"),
 * at least MIN_LENGTH characters and with a letter (so "Total" or "%" do not count).
 */
export function englishOnlyPhrases(): string[] {
  const spanish = new Set(dictionaryTexts(es as unknown as Tree));
  const spanishText = [...spanish].join('\n');
  return [...new Set(dictionaryTexts(en as unknown as Tree))]
    .filter((t) => t.length >= MIN_LENGTH && /\p{L}{3}/u.test(t) && !spanish.has(t) && !spanishText.includes(t));
}

/** Raw codes and English the core writes, which a Spanish screen must say in words instead. */
export const RAW_CODES: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['a service state', /\b(?:QUEUED|VALIDATED|REJECTED|PENDING|PROCESSING|FAILED|CANCELL?ED|VALIDATION)\b/],
  ['a field name before an English rule', /\b[a-zA-Z_.]+: must\b/],
  ['an English rule', /\bmust (?:be|have|not|start|contain)\b/],
  ['the connection fields in English', /\bClient (?:ID|secret)\b/],
  ['the service\'s answer in English', /\b(?:Could not connect|answered:|did not answer|catalog price|charged price)\b/],
  ['a sync error code', /\b(?:NETWORK|TIMEOUT|UNAUTHORIZED|RATE_LIMITED|BAD_RESPONSE|CONNECTION_LOST)\b/],
];

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const compiled = new WeakMap<readonly string[], RegExp | null>();

/** One pattern for all phrases, each matched as words of its own (so "Product" does not match inside "Productos"). */
function phrasePattern(phrases: readonly string[]): RegExp | null {
  if (!compiled.has(phrases)) {
    const sorted = [...phrases].sort((a, b) => b.length - a.length).map(escape);
    compiled.set(phrases, sorted.length === 0 ? null : new RegExp(`(?<![\\p{L}\\d])(?:${sorted.join('|')})(?![\\p{L}\\d])`, 'gu'));
  }
  return compiled.get(phrases) ?? null;
}

/**
 * A screen's text without what is quoted on purpose: the service's own words ("Respuesta del servicio: …") and an
 * old record's original text ("Texto original: …"), each to the end of its line.
 */
export function withoutQuotedWords(text: string): string {
  return text.replace(/(?:Respuesta del servicio|Texto original):[^\n]*/g, '');
}

/** What on a Spanish screen's text is English or a raw code: one line per finding, empty when all is Spanish. */
export function englishFound(text: string, phrases: readonly string[] = englishOnlyPhrases()): string[] {
  const pattern = phrasePattern(phrases);
  const found = pattern ? [...new Set([...text.matchAll(pattern)].map((m) => m[0]))].map((p) => `English dictionary text: «${p}»`) : [];
  for (const [name, pattern] of RAW_CODES) {
    const match = pattern.exec(text);
    if (match) found.push(`${name}: «${text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30).replace(/\s+/g, ' ')}»`);
  }
  return found;
}
