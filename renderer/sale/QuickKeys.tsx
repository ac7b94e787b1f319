/**
 * Quick keys beside the cart: the owner's favourite products (set up in the catalog), grouped by category chips,
 * each added with one touch exactly as a scan adds it; and the numeric keypad for quantities, prices and cash.
 * Keys never take the focus, so the product search keeps it and the scanner works as before. On a short window the
 * grid starts folded to one line.
 */
import { useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import type { QuickKeyDto } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { unitPriceOf } from '../format/unit-price';
import { useText } from '../i18n/use-text';
import { addToSale } from './add-to-sale';
import { CounterLaterPart } from './counter-later-loader';
import { targetOfElementId, useKeypad } from './keypad-target';
import { useSale } from './sale-store';
import { afterFirstPaint } from '../app/after-first-paint';

const keepFocus = (event: MouseEvent) => event.preventDefault();
const matches = (query: string) => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
/** Below this height the cart, the total and Cobrar need the room: the grid starts folded. */
const SHORT_WINDOW = '(max-height: 700px)';
/** The chip of the keys with no category. */
const NO_CATEGORY = '';

/** A number field of the keypad's kind that gets the focus (touched or tabbed to) becomes where the keypad types. */
function useKeypadFollowsFocus(): void {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const element = event.target;
      if (!(element instanceof HTMLElement) || element.id === '') return;
      const target = targetOfElementId(element.id, useSale.getState().lines);
      if (target) useKeypad.getState().choose(target);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
}

export function QuickKeys(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const [keys, setKeys] = useState<QuickKeyDto[] | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [gridOpen, setGridOpen] = useState(() => !matches(SHORT_WINDOW));
  const [keypadOpen, setKeypadOpen] = useState(false);
  const touch = useMemo(() => matches('(pointer: coarse)'), []);
  useKeypadFollowsFocus();
  // A price or name changed at the shop server moves this cursor: the keys are read again, so the counter shows it.
  const feedCursor = useApp((s) => s.status?.shopServer?.feedCursor ?? 0);

  useEffect(() => {
    let live = true;
    void afterFirstPaint().then(() => bridge.call('catalog.quickKeys', {})).then((answer) => { if (live) setKeys(answer.ok ? answer.value : []); });
    return () => { live = false; };
  }, [feedCursor]);

  // Chips in the order the owner's keys first name them; "Otros" last, for keys without a category.
  const categories = useMemo(() => {
    const named = [...new Set((keys ?? []).map((k) => k.category ?? NO_CATEGORY))];
    return [...named.filter((c) => c !== NO_CATEGORY), ...named.filter((c) => c === NO_CATEGORY)];
  }, [keys]);
  const shown = (keys ?? []).filter((k) => category === null || (k.category ?? NO_CATEGORY) === category);

  if (keys === null || (keys.length === 0 && !touch)) return null;

  const tap = (key: QuickKeyDto) => {
    const lineId = addToSale(key);
    // "Tinto", then "3" on the keypad: three tintos.
    if (lineId) useKeypad.getState().choose({ kind: 'line', lineId, field: 'quantity' });
  };
  const chip = (value: string | null, label: string) => (
    <button type="button" key={value ?? '*'} className="quick-key-chip" aria-pressed={category === value} onMouseDown={keepFocus}
      onClick={() => { setCategory(value); setGridOpen(true); }}>
      {label}
    </button>
  );

  return (
    <section className="quick-keys" aria-label={t.quickKeys}>
      <div className="quick-keys-bar">
        {keys.length > 0 ? (
          <>
            <button type="button" className="quick-keys-fold" aria-expanded={gridOpen} aria-controls="quick-key-grid" onMouseDown={keepFocus}
              aria-label={gridOpen ? t.quickKeysHide : t.quickKeysShow} title={gridOpen ? t.quickKeysHide : t.quickKeysShow}
              onClick={() => setGridOpen(!gridOpen)}>
              <span aria-hidden="true">{gridOpen ? '▾' : '▸'}</span>
            </button>
            {categories.length > 1 ? (
              <div className="quick-key-categories" role="group" aria-label={t.quickKeyCategories}>
                {chip(null, t.quickKeysAll)}
                {categories.map((c) => chip(c, c === NO_CATEGORY ? t.quickKeysOther : c))}
              </div>
            ) : <span className="quick-keys-title">{t.quickKeys}</span>}
          </>
        ) : null}
        <button type="button" className="keypad-toggle" aria-pressed={keypadOpen} onMouseDown={keepFocus}
          onClick={() => setKeypadOpen(!keypadOpen)}>
          {t.keypadToggle}
        </button>
      </div>
      {(gridOpen && keys.length > 0) || keypadOpen ? (
        <div className="quick-keys-body">
          {gridOpen && keys.length > 0 ? (
            <div className="quick-key-grid" id="quick-key-grid">
              {shown.map((key) => (
                <button type="button" key={key.code} className="quick-key" onMouseDown={keepFocus} onClick={() => tap(key)}>
                  <span className="quick-key-name">{key.name}</span>
                  <span className="quick-key-price">{unitPriceOf(key, locale).payable}</span>
                </button>
              ))}
            </div>
          ) : null}
          {keypadOpen ? <CounterLaterPart>{(later) => <later.Keypad />}</CounterLaterPart> : null}
        </div>
      ) : null}
    </section>
  );
}
