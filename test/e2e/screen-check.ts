/**
 * What every screen at every size must hold (issue 17's proof): no sideways overflow, Spanish only, and no WCAG 2.1
 * A/AA violation found by axe-core; with a screenshot named for the screen and the size. The checks are soft, so a
 * test walks every screen and reports all of a size's problems at once.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { saveScreen } from './counter';
import { sidewaysOverflow } from './screen-geometry';
import { expectSpanishScreen } from './spanish-check';

export interface ScreenSize { width: number; height: number }

export const sizeName = (size: ScreenSize): string => `${size.width}x${size.height}`;

/** Each violation as "id: help → targets", the way a person fixing it looks for it. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => {
    const targets = v.nodes.slice(0, 6).map((n) => n.target.join(' ')).join(' | ');
    const more = v.nodes.length > 6 ? ` (+${v.nodes.length - 6} more)` : '';
    return `${v.id} [${v.impact ?? '?'}]: ${v.help} → ${targets}${more}`;
  });
}

export async function checkScreen(page: Page, size: ScreenSize, screen: string, opts: { axe: boolean }): Promise<void> {
  const at = `${screen} at ${size.width}×${size.height}`;
  expect.soft(await sidewaysOverflow(page), `${at}: sideways overflow`).toEqual([]);
  await saveScreen(page, `${screen}-${sizeName(size)}`);
  await expectSpanishScreen(page, { screen: at, soft: true });
  if (opts.axe) expect.soft(await axeViolations(page), `${at}: axe-core WCAG 2.1 A/AA violations`).toEqual([]);
}
