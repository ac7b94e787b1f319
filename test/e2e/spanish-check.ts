/**
 * Issue 17: a Spanish screen shows no text of the English dictionary and no raw code (service states, "pin: must
 * be…", "Client ID"). One call per screen: `await expectSpanishScreen(page)`; `{ soft: true, screen }` lets a test
 * that walks many screens report them all at the end (screens-at-sizes). What it looks for is in
 * test/support/english-phrases.ts, shared with the dictionary's unit test; the service's own words, introduced as
 * "Respuesta del servicio: …", are allowed. Reads what a person sees (document.body.innerText: hidden text excluded).
 */
import { expect, type Page } from '@playwright/test';
import { englishFound, englishOnlyPhrases, withoutQuotedWords } from '../support/english-phrases';

const PHRASES = englishOnlyPhrases();

export async function expectSpanishScreen(page: Page, opts: { screen?: string; soft?: boolean } = {}): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  const check = opts.soft ? expect.soft : expect;
  check(englishFound(withoutQuotedWords(text), PHRASES), `${opts.screen ?? 'this screen'}: English or a raw code on a Spanish screen:\n${text}`).toEqual([]);
}
