/**
 * One compact cart line (issue 29): its number, the product's name (two lines at most), the amount at the right and,
 * beneath, "cantidad × precio unitario" with the discount and tax as short text. No fields: a click, a touch, or
 * Enter on the row opens the line panel (LinePanel.tsx), where quantity, price, discount and tax are changed and the
 * line removed. ↑ from an empty product search comes to the last row, ↑/↓ move between rows; a line that does not read is marked red with its problem.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { focusSoon, useApp } from '../app/app-store';
import { useText } from '../i18n/use-text';
import type { CartLine } from './cart';
import { lineProblemText } from './line-problem-text';
import { lineSummary } from './line-summary';
import { LINE_PANEL_ID, rowButtonId, useLinePanel } from './line-panel-store';
import { PRODUCT_SEARCH_ID } from './search-text';

/** ↑/↓ (and Home/End) from one row's button to another's; ↓ on the last row goes back to the product search. */
function moveBetweenRows(event: KeyboardEvent<HTMLButtonElement>): void {
  const keys: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
  const table = event.currentTarget.closest('table');
  if (!table || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const buttons = [...table.querySelectorAll<HTMLButtonElement>('button.line-open')];
  const at = buttons.indexOf(event.currentTarget);
  let next: number | null = null;
  if (event.key in keys) next = at + (keys[event.key] ?? 0);
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = buttons.length - 1;
  if (next === null) return;
  event.preventDefault();
  // ↓ past the last line goes back to the product search (where ↑ came from).
  if (next >= buttons.length && event.key === 'ArrowDown') {
    focusSoon(PRODUCT_SEARCH_ID);
    return;
  }
  buttons[Math.max(0, Math.min(buttons.length - 1, next))]?.focus();
}

export function CartRow({ line, index }: { line: CartLine; index: number }): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const selected = useLinePanel((s) => s.lineId === line.id);
  const summary = lineSummary(line, locale, t);
  const problem = summary.problem ? lineProblemText(summary.problem.problem, t, locale) : null;
  const toggle = () => {
    const panel = useLinePanel.getState();
    if (selected) panel.close();
    else panel.open(line.id);
  };
  return (
    <tr className={`cart-line${selected ? ' selected' : ''}${problem ? ' has-problem' : ''}`} onClick={toggle}>
      <td className="num line-index">{index + 1}</td>
      <th scope="row" className="line-name">
        <button type="button" id={rowButtonId(line.id)} className="line-open" aria-expanded={selected}
          aria-controls={selected ? LINE_PANEL_ID : undefined} aria-describedby={`${line.id}-figures`} title={`${line.name} · ${line.code}`}
          onKeyDown={moveBetweenRows}>
          <span className="line-name-text">{line.name}</span>
        </button>
      </th>
      <td className="line-figures" id={`${line.id}-figures`}>
        <span className="line-amount">{summary.amount ?? '—'}</span>
        {problem
          ? <span className="line-problem" title={`${summary.detail} · ${problem}`}>{t.lineNeedsFix}: {problem}</span>
          : <span className="line-detail" title={summary.detail}>{summary.detail}</span>}
      </td>
    </tr>
  );
}
