/**
 * "Más": where the top bar is short, the less used screens are a disclosure button and a list of buttons under it
 * (↑/↓ move, Esc closes and gives the focus back), so the bar keeps one height and nothing is cut. CSS decides when
 * it shows (base.css); the same screens are plain tabs where the width allows.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useText } from '../i18n/use-text';
import type { Screen } from './app-store';

export interface ScreenTab {
  screen: Screen; label: string; shortcut?: string;
  /** In the bar down to a narrower width than the others (base.css): listed here only below it. */
  narrowOnly?: boolean;
}

const LIST_ID = 'more-screens-list';

export function MoreScreens({ tabs, current, go }: { tabs: ScreenTab[]; current: Screen; go(screen: Screen): void }): ReactNode {
  const t = useText();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // The buttons on show (one may be hidden by CSS while its tab still fits in the bar).
  const items = () => Array.from(box.current?.querySelectorAll<HTMLButtonElement>(`#${LIST_ID} button`) ?? [])
    .filter((button) => button.offsetParent !== null);

  // A click anywhere else closes the list, as a menu does.
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: MouseEvent) => { if (!box.current?.contains(event.target as Node)) setOpen(false); };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);
  useEffect(() => { if (open) items()[0]?.focus(); }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.stopPropagation(); // Esc closes the list only, not the screen behind it
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
    list[next]?.focus();
  };
  const here = tabs.some((tab) => tab.screen === current && !tab.narrowOnly);
  const hereWhenNarrow = tabs.some((tab) => tab.screen === current && tab.narrowOnly);
  return (
    <div className="more-screens" ref={box} onKeyDown={onKeyDown}>
      <button type="button" ref={toggle} className={`tab ${here ? 'current' : ''} ${hereWhenNarrow ? 'current-when-narrow' : ''}`} aria-expanded={open} aria-controls={LIST_ID}
        onClick={() => setOpen(!open)}>
        {t.moreScreens} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <ul id={LIST_ID} className="more-screens-list" aria-label={t.moreScreensList}>
          {tabs.map((tab) => (
            <li key={tab.screen} className={tab.narrowOnly ? 'more-narrow-only' : undefined}>
              <button type="button" aria-current={tab.screen === current ? 'page' : undefined}
                onClick={() => { setOpen(false); go(tab.screen); }}>
                {tab.label}{tab.shortcut ? <> <kbd>{tab.shortcut}</kbd></> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
