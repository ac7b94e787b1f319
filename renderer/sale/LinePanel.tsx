/**
 * The line panel (issue 29): the one place a cart line is changed. Opened from its row (a click, a touch, or Enter),
 * it sits under the cart in the lines column, in the quick keys' place, so it never covers the total or Cobrar. It
 * holds the line's quantity, unit price, discount and tax, its amount, "Quitar", and the numeric keypad (the same
 * Keypad and keypad target as the quick keys'). The owner's guard is the cart's rule (use-line-locks.ts); every field
 * is read by the shared sale rules (cart.ts `readLine`) and a bad value is said under its field in Spanish, kept as
 * typed, and marks its row until fixed. Esc closes it and gives the focus back to the row.
 */
import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { LIMITS } from '../../shared/limits';
import { focusSoon, useApp } from '../app/app-store';
import { useText } from '../i18n/use-text';
import { taxLabel } from '../format/tax-name';
import { readLine, TAX_CHOICES, taxFromKey, taxKey, type CartLine } from './cart';
import { CounterLaterPart } from './counter-later-loader';
import { lineFieldId, useKeypad } from './keypad-target';
import { lineProblemText } from './line-problem-text';
import { lineSummary } from './line-summary';
import { LINE_PANEL_ID, rowButtonId, useLinePanel } from './line-panel-store';
import { useSale } from './sale-store';
import { useLineLocks, type GuardedField } from './use-line-locks';

type NumberField = 'quantity' | 'price' | 'discountRate';

/** Closes the panel; the focus goes back to the line's row (Esc, "Listo") or to the product search. */
export function closeLinePanel(focus: 'row' | 'search'): void {
  const lineId = useLinePanel.getState().lineId;
  useLinePanel.getState().close();
  const keypad = useKeypad.getState();
  if (keypad.target?.kind === 'line') keypad.choose(null);
  if (focus === 'row' && lineId && document.getElementById(rowButtonId(lineId))) focusSoon(rowButtonId(lineId));
  else focusSoon('product-search');
}

export function LinePanel(): ReactNode {
  const lineId = useLinePanel((s) => s.lineId);
  const index = useSale((s) => s.lines.findIndex((l) => l.id === lineId));
  const line = useSale((s) => (index >= 0 ? s.lines[index] : undefined));
  // The line went (charged, parked, removed): the panel goes with it.
  useEffect(() => {
    if (lineId !== null && index < 0) useLinePanel.getState().close();
  }, [lineId, index]);
  // Leaving the counter (another screen, the receipt) closes the panel: coming back, the focus is the counter's own.
  useEffect(() => () => useLinePanel.getState().close(), []);
  // Opening a line puts the focus in its quantity (the keypad follows it), its text selected to type over.
  useEffect(() => {
    if (lineId !== null) focusSoon(lineFieldId(lineId, 'quantity'));
  }, [lineId]);
  return line ? <LineEditor key={line.id} line={line} index={index} /> : null;
}

function LineEditor({ line, index }: { line: CartLine; index: number }): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const update = useSale((s) => s.update);
  const remove = useSale((s) => s.remove);
  const regroupPrice = useSale((s) => s.regroupPrice);
  const locks = useLineLocks(line);
  const read = readLine(line, locale);
  const problems = read.ok ? {} : read.problems;
  const summary = lineSummary(line, locale, t);
  const choices = line.tax && !TAX_CHOICES.some((c) => taxKey(c) === taxKey(line.tax)) ? [...TAX_CHOICES, line.tax] : TAX_CHOICES;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Esc here is the panel's: the counter's own Esc (closing a notice) does not run as well.
    event.preventDefault();
    event.stopPropagation();
    closeLinePanel('row');
  };
  const removeLine = () => {
    const lines = useSale.getState().lines;
    const next = lines[index + 1] ?? lines[index - 1];
    remove(line.id);
    useLinePanel.getState().close();
    focusSoon(next ? rowButtonId(next.id) : 'product-search');
  };

  const numberField = (field: NumberField, label: string) => {
    const id = lineFieldId(line.id, field);
    const problem = problems[field];
    const guarded: GuardedField | null = field === 'quantity' ? null : field;
    const needsPin = guarded !== null && locks.needsPin(guarded);
    const describedBy = [problem ? `${id}-error` : '', needsPin ? `${id}-lock` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`field line-field line-${field}`}>
        <label htmlFor={id}>{label}</label>
        <div className="line-field-input">
          <input
            id={id} value={line[field]} inputMode="decimal" autoComplete="off" spellCheck={false} aria-label={`${label}: ${line.name}`}
            maxLength={LIMITS.typedNumberLength} readOnly={guarded !== null && locks.readOnly(guarded)}
            aria-invalid={problem ? true : undefined} aria-describedby={describedBy}
            onChange={(e) => update(line.id, { [field]: e.target.value })}
            onBlur={field === 'price' ? () => regroupPrice(line.id, locale) : undefined}
          />
          {needsPin && guarded ? (
            <button type="button" className="small unlock-price"
              aria-label={guarded === 'price' ? t.unlockPrice(line.name) : t.unlockDiscount(line.name)} title={locks.title(guarded)}
              onClick={() => void locks.unlock(guarded)}>{t.unlockShort}</button>
          ) : null}
        </div>
        {/* Said once for the panel (below); a screen reader hears it with the field. */}
        {needsPin && guarded ? <span className="visually-hidden" id={`${id}-lock`}>{locks.title(guarded)}</span> : null}
        {problem ? <span className="field-error" id={`${id}-error`}>{lineProblemText(problem, t, locale)}</span> : null}
      </div>
    );
  };

  const taxId = lineFieldId(line.id, 'tax');
  return (
    <section id={LINE_PANEL_ID} className="line-panel" aria-labelledby="line-panel-title" onKeyDown={onKeyDown}>
      <div className="line-panel-head">
        <h2 id="line-panel-title" title={line.name}>{t.linePanelTitle(index + 1, line.name)}</h2>
        <p className="line-panel-amount" data-testid="line-panel-amount">
          <span className="visually-hidden">{t.linePanelAmount}: </span>{summary.amount ?? '—'}
        </p>
        <button type="button" className="small" onClick={() => closeLinePanel('row')}>
          {t.linePanelClose} <kbd>Esc</kbd>
        </button>
      </div>
      <div className="line-panel-body">
        <div className="line-panel-fields">
          {numberField('quantity', t.quantity)}
          {numberField('price', t.unitPrice)}
          {numberField('discountRate', t.discountRate)}
          <div className="field line-field line-tax">
            <label htmlFor={taxId}>{t.tax}</label>
            <select id={taxId} aria-label={`${t.tax}: ${line.name}`} value={taxKey(line.tax)} disabled={locks.locked}
              onChange={(e) => update(line.id, { tax: taxFromKey(e.target.value) })}
              aria-invalid={problems.tax ? true : undefined} aria-describedby={problems.tax ? `${taxId}-error` : undefined}>
              {choices.map((c) => <option key={taxKey(c)} value={taxKey(c)}>{taxLabel(c.code, c.rate, locale)}</option>)}
              <option value="">{t.noTax}</option>
            </select>
            {problems.tax ? <span className="field-error" id={`${taxId}-error`}>{lineProblemText(problems.tax, t, locale)}</span> : null}
          </div>
          <div className="line-panel-actions">
            {locks.locked ? <p className="line-panel-lock" aria-hidden="true">{locks.title('price')}</p> : null}
            <button type="button" className="danger-outline" aria-label={`${t.removeLine}: ${line.name}`} onClick={removeLine}>
              {t.removeLine}
            </button>
          </div>
        </div>
        <CounterLaterPart waiting={null}>{(later) => <later.Keypad id="line-keypad" onOk={() => closeLinePanel('search')} />}</CounterLaterPart>
      </div>
    </section>
  );
}
