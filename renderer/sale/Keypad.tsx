/**
 * The on-screen numeric keypad for a touch counter: it types into the quantity, price or discount of a cart line (in
 * the line panel) or the cash received, whichever the cashier chose last (keypad-target.ts), through the fields' own state updates. Its keys
 * never take the focus, so the product search and the scanner go on as before.
 */
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { CASH_MEANS } from '../../shared/cash';
import { focusSoon, useApp } from '../app/app-store';
import { useCounterText } from '../i18n/counter-text';
import { decimalMarkOf, KEYPAD_DIGITS, typeKey, type KeypadKey } from './keypad-entry';
import { readTarget, targetElementId, useKeypad, writeTarget, type KeypadTarget } from './keypad-target';
import { useSale } from './sale-store';

const keepFocus = (event: MouseEvent) => event.preventDefault();

/** A price the line panel locked for a cashier (readonly) stays locked whatever the keypad is pressed with. */
function writable(target: KeypadTarget): boolean {
  const element = document.getElementById(targetElementId(target));
  // A line's price or discount is typed only in its open line panel, where the owner's guard applies.
  if (!element && target.kind === 'line' && target.field !== 'quantity') return false;
  return !(element instanceof HTMLInputElement && (element.readOnly || element.disabled));
}

export function press(key: KeypadKey, locale: 'es-CO' | 'en'): void {
  const { target, fresh, typed } = useKeypad.getState();
  if (!target || !writable(target)) return;
  const text = readTarget(target);
  if (text === null) return;
  const replace = fresh && key !== 'backspace' && key !== 'clear';
  writeTarget(target, typeKey(text, key, { locale, replace, decimals: target.kind !== 'cash' }));
  typed();
}

/** The chosen field is outlined, so the cashier sees where the keys go. */
function useTargetOutline(target: KeypadTarget | null): void {
  const lines = useSale((s) => s.lines.length);
  useEffect(() => {
    // After the cart has drawn a line the target names (a quick key's new line is drawn in the same update).
    const frame = requestAnimationFrame(() => {
      for (const element of document.querySelectorAll('[data-keypad-target]')) element.removeAttribute('data-keypad-target');
      if (target) document.getElementById(targetElementId(target))?.setAttribute('data-keypad-target', '');
    });
    return () => cancelAnimationFrame(frame);
  }, [target, lines]);
  useEffect(() => () => {
    for (const element of document.querySelectorAll('[data-keypad-target]')) element.removeAttribute('data-keypad-target');
  }, []);
}

const FIELD_WORD = { quantity: 'quantity', price: 'unitPrice', discountRate: 'discountRate' } as const;

/**
 * `id`: one keypad under the quick keys ("keypad"), one in the line panel ("line-keypad"). `onOk`: what OK does
 * besides leaving the field (the line panel closes); by default the focus goes back to the product search.
 */
export function Keypad({ id = 'keypad', onOk }: { id?: string; onOk?: () => void } = {}): ReactNode {
  const t = useCounterText();
  const locale = useApp((s) => s.locale);
  const target = useKeypad((s) => s.target);
  const targetName = useSale((s) => {
    if (!target) return null;
    if (target.kind === 'cash') return s.payment.means_code === CASH_MEANS ? t.cashReceived : null;
    const line = s.lines.find((l) => l.id === target.lineId);
    return line ? `${t[FIELD_WORD[target.field]]} · ${line.name}` : null;
  });
  useTargetOutline(targetName === null ? null : target);

  const key = (k: KeypadKey, label: string, text: string, className = '') => (
    <button type="button" key={k} className={`keypad-key ${className}`} data-key={k} aria-label={label} onMouseDown={keepFocus}
      disabled={targetName === null || (k === 'decimal' && target?.kind === 'cash')} onClick={() => press(k, locale)}>
      {text}
    </button>
  );
  const ok = () => {
    useKeypad.getState().choose(null);
    if (onOk) onOk();
    else focusSoon('product-search');
  };
  const digit = (d: (typeof KEYPAD_DIGITS)[number]) => key(d, t.keypadDigit(d), d);

  return (
    <div className="keypad" role="group" aria-label={t.keypad} id={id}>
      <p className="keypad-target" aria-live="polite">{targetName ? t.keypadTarget(targetName) : t.keypadNoTarget}</p>
      <div className="keypad-keys">
        {digit('7')}{digit('8')}{digit('9')}{key('backspace', t.keypadBackspace, '⌫')}
        {digit('4')}{digit('5')}{digit('6')}{key('clear', t.keypadClear, 'C')}
        {digit('1')}{digit('2')}{digit('3')}{key('decimal', t.keypadDecimal, decimalMarkOf(locale))}
        {digit('0')}{digit('00')}{digit('000')}
        <button type="button" className="keypad-key keypad-ok primary" data-key="ok" aria-label={t.keypadOk} onMouseDown={keepFocus} onClick={ok}>OK</button>
      </div>
    </div>
  );
}
