/**
 * A Spanish screen shows no raw service codes and no English from the core or the service (issue 17 item 4).
 * Reads what a person sees (document.body.innerText, hidden text excluded) and names each offending phrase with a
 * little of its context, so a failure says where the English came from.
 */
import { expect, type Page } from '@playwright/test';

/** The invoicing service's own state names, as whole upper-case words. */
const RAW_SERVICE_CODES = /\b(?:QUEUED|VALIDATED|REJECTED|SENDING|PENDING)\b/g;

/** English that reached Spanish screens before: field-prefixed schema messages, connection checks, approvals. */
const ENGLISH_PHRASES: readonly RegExp[] = [
  /\b[\w.[\]]+: must\b/g, // "pin: must be 4 to 8 digits"
  /\bmust be\b/g,
  /\bClient ID\b/g,
  /\bCould not connect\b/g,
  /\bcatalog price\b/g,
  /\bcharged price\b/g,
];

/** Every match of the patterns in `text`, each with up to 30 characters either side. */
export function englishIn(text: string): string[] {
  const found: string[] = [];
  for (const pattern of [RAW_SERVICE_CODES, ...ENGLISH_PHRASES]) {
    for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags))) {
      const at = match.index ?? 0;
      const around = text.slice(Math.max(0, at - 30), at + match[0].length + 30).replace(/\s+/g, ' ').trim();
      found.push(`«${match[0]}» in "…${around}…"`);
    }
  }
  return found;
}

/** Soft: the test goes on to the next screen and reports every screen's English at the end. */
export async function expectSpanishScreen(page: Page, screen = 'this screen'): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  expect.soft(englishIn(text), `${screen}: raw codes or English on a Spanish screen`).toEqual([]);
}
