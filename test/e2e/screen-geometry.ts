/**
 * Geometry as a person at the till sees it: measured in the browser, each check answering a list of problems in
 * words ("Cobrar: bottom 1 203 px below the 768 px window") so a failing size says what is wrong, not just that.
 * Elements are measured with the window scrolled to its top-left: what is in view without scrolling.
 */
import type { Locator, Page } from '@playwright/test';

/** The page is no wider than the window: neither the document nor the body scrolls sideways. */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const root = document.documentElement.scrollWidth;
    const body = document.body.scrollWidth;
    if (root > width) problems.push(`document ${root} px wide in a ${width} px window`);
    if (body > width) problems.push(`body ${body} px wide in a ${width} px window`);
    return problems;
  });
}

/** The window itself does not scroll up and down (the counter is a fixed full-window layout). */
export async function verticalScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const height = window.innerHeight;
    const root = document.documentElement.scrollHeight;
    return root > height + 1 ? [`the window scrolls: ${root} px tall in a ${height} px window`] : [];
  });
}

/**
 * `what` is drawn whole inside the window and inside every box that clips it (a panel that scrolls), and nothing
 * covers its middle (a notice overlay on top of Cobrar would). The first match of `target` is measured.
 */
export async function inView(target: Locator, what: string): Promise<string[]> {
  if (await target.count() === 0) return [`${what}: not on the screen`];
  return target.first().evaluate((el, name) => {
    window.scrollTo(0, 0);
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return [`${name}: not drawn`];
    const problems: string[] = [];
    const round = (n: number) => Math.round(n);
    const check = (limit: { left: number; top: number; right: number; bottom: number }, by: string) => {
      const out: string[] = [];
      if (box.left < limit.left - 0.5) out.push(`left ${round(box.left)} < ${round(limit.left)}`);
      if (box.top < limit.top - 0.5) out.push(`top ${round(box.top)} < ${round(limit.top)}`);
      if (box.right > limit.right + 0.5) out.push(`right ${round(box.right)} > ${round(limit.right)}`);
      if (box.bottom > limit.bottom + 0.5) out.push(`bottom ${round(box.bottom)} > ${round(limit.bottom)}`);
      if (out.length > 0) problems.push(`${name}: outside ${by} (${out.join(', ')})`);
    };
    check({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight }, `the ${window.innerWidth}×${window.innerHeight} window`);
    for (let up = el.parentElement; up && up !== document.body && up !== document.documentElement; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = up.getBoundingClientRect();
      const label = `${up.tagName.toLowerCase()}${up.className ? `.${String(up.className).trim().split(/\s+/).join('.')}` : ''}`;
      check(clip, `its scrolling box ${label}`);
    }
    const middle = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (middle && !el.contains(middle) && !middle.contains(el) && problems.length === 0) {
      problems.push(`${name}: covered by ${middle.tagName.toLowerCase()}${middle.className ? `.${String(middle.className).trim().split(/\s+/).join('.')}` : ''}`);
    }
    return problems;
  }, what);
}

/** The top bar's height (the page's one banner). */
export async function bannerHeight(page: Page): Promise<number> {
  const box = await page.getByRole('banner').boundingBox();
  return box?.height ?? 0;
}

/** Column headers of History's list that must stay in view, by what their header says. */
export const HISTORY_COLUMNS: ReadonlyArray<{ name: string; header: RegExp }> = [
  { name: 'sale number', header: /^(venta|n\.?\s?º|número)/i },
  // The time a cashier scans for (issue 29): "Fecha", or "Hora" where a narrow list keeps only the time.
  { name: 'time', header: /^(fecha|hora)/i },
  // The customer is not kept: with the cashier's name it gives way first where the list is narrow (issue 29).
  { name: 'total', header: /^total/i },
  { name: 'state', header: /^estado/i },
];

/**
 * History's list: the number, time, total and state cells of the first `rows` rows lie within the window's
 * width, whole (not cut by an ellipsis or a clipping box), and no box around the list scrolls sideways.
 */
export async function historyColumns(table: Locator, rows: number): Promise<string[]> {
  const columns = HISTORY_COLUMNS.map((c) => ({ name: c.name, source: c.header.source, flags: c.header.flags }));
  return table.evaluate((tableEl, { columns, rows }) => {
    window.scrollTo(0, 0);
    const problems: string[] = [];
    const width = window.innerWidth;
    const cellsOf = (row: Element) => Array.from(row.children).filter((c) => c.tagName === 'TD' || c.tagName === 'TH');
    const headerRow = tableEl.querySelector('thead tr') ?? tableEl.querySelector('tr');
    const headers = headerRow ? cellsOf(headerRow).map((h) => {
      const copy = h.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('kbd').forEach((k) => k.remove());
      return (copy.textContent ?? '').trim();
    }) : [];
    const bodyRows = Array.from(tableEl.querySelectorAll('tbody tr')).filter((r) => r.getAttribute('aria-hidden') !== 'true' && cellsOf(r).length > 1).slice(0, rows);
    if (bodyRows.length === 0) problems.push('no sale rows in the list');
    for (const column of columns) {
      const header = new RegExp(column.source, column.flags);
      const index = headers.findIndex((h) => header.test(h));
      if (index < 0) { problems.push(`no "${column.name}" column (headers: ${headers.join(' | ')})`); continue; }
      bodyRows.forEach((row, r) => {
        const cell = cellsOf(row)[index] as HTMLElement | undefined;
        const box = cell?.getBoundingClientRect();
        if (!cell || !box || box.width === 0) { problems.push(`row ${r + 1} ${column.name}: not drawn`); return; }
        if (box.left < -0.5 || box.right > width + 0.5) problems.push(`row ${r + 1} ${column.name}: x ${Math.round(box.left)}–${Math.round(box.right)} outside 0–${width}`);
        if (r === 0 && box.bottom > window.innerHeight + 0.5) problems.push(`row 1 ${column.name}: below the window (bottom ${Math.round(box.bottom)} > ${window.innerHeight})`);
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`row ${r + 1} ${column.name}: text cut (${cell.scrollWidth} px in ${cell.clientWidth} px)`);
        for (let up = cell.parentElement; up && up !== document.body; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX === 'visible') continue;
          const clip = up.getBoundingClientRect();
          if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
            problems.push(`row ${r + 1} ${column.name}: hidden sideways by ${up.tagName.toLowerCase()}.${String(up.className).trim().split(/\s+/).join('.')}`);
            break;
          }
        }
      });
    }
    for (let up = tableEl.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible') continue;
      if (up.scrollWidth > up.clientWidth + 1) {
        problems.push(`the list scrolls sideways: ${up.scrollWidth} px in a ${up.clientWidth} px box (${up.tagName.toLowerCase()}.${String(up.className).trim().split(/\s+/).join('.')})`);
      }
    }
    return problems;
  }, { columns, rows });
}

/**
 * A modal dialog covers the screen behind it (a backdrop): at the window's left and right edges, half-way down,
 * what is under the pointer is the dialog or its backdrop, never the screen's own content.
 */
export async function behindModal(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((box) => {
    window.scrollTo(0, 0);
    const points: Array<[number, number]> = [[8, window.innerHeight / 2], [window.innerWidth - 8, window.innerHeight / 2]];
    const problems: string[] = [];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || box.contains(hit)) continue;
      const screenPart = hit.closest('main, header, footer, nav, [role="contentinfo"], [role="banner"]');
      if (screenPart) problems.push(`at (${Math.round(x)}, ${Math.round(y)}) the screen behind the dialog is uncovered: ${hit.tagName.toLowerCase()} in ${screenPart.tagName.toLowerCase()}`);
    }
    return problems;
  });
}
