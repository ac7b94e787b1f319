/**
 * Issue 17: a Spanish screen shows no text of the English dictionary and no raw code (service states, "pin: must
 * be…", "Client ID"). One call per screen: `await expectSpanishScreen(page)`. What it looks for is in
 * test/support/english-phrases.ts, shared with the dictionary's unit test; the service's own words, introduced as
 * "Respuesta del servicio: …", are allowed.
 */
import { expect, type Page } from '@playwright/test';
import { englishFound, englishOnlyPhrases, withoutQuotedWords } from '../support/english-phrases';

const PHRASES = englishOnlyPhrases();

export async function expectSpanishScreen(page: Page): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  expect(englishFound(withoutQuotedWords(text), PHRASES), `English or a raw code on a Spanish screen:\n${text}`).toEqual([]);
}
