/**
 * Tienda's panel for any number of tills (issue 29): a figure that never breaks inside a number (it shrinks with its
 * card, then shows shortened, "$ 105,7 M", with the exact figure in its title, its accessible name and on focus), and
 * a table that scrolls inside its own panel with its first column fixed when it is wider than the panel.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Below this size (px) a figure is shortened rather than shrunk further. */
const SMALLEST = 15;

/**
 * The exact text when it fits on one line of its box; else the exact text smaller, down to 15 px; else the short one
 * (exact on hover, on focus and read aloud). Measured on a hidden copy at the box's own size, so what is shown never
 * changes what is measured: it settles in one step.
 */
export function FitFigure({ exact, short, className, testId }: { exact: string; short: string; className: string; testId?: string }): ReactNode {
  const box = useRef<HTMLParagraphElement>(null);
  const measure = useRef<HTMLSpanElement>(null);
  const [fit, setFit] = useState<{ scale: number; short: boolean }>({ scale: 1, short: false });
  useLayoutEffect(() => {
    const el = box.current;
    const m = measure.current;
    if (!el || !m) return undefined;
    // The measuring copy is clipped to nothing (width 0, overflow hidden): its scrollWidth is the exact text's width.
    const check = () => {
      const width = m.scrollWidth;
      const room = el.clientWidth;
      if (width <= room + 0.5 || width === 0) { setFit({ scale: 1, short: false }); return; }
      const size = parseFloat(getComputedStyle(el).fontSize) || 16;
      const scale = Math.floor((room / width) * 100) / 100;
      setFit(size * scale >= SMALLEST ? { scale, short: false } : { scale: 1, short: true });
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [exact]);
  const shows = fit.short && short !== exact;
  return (
    <p className={`${className} fit-figure`} ref={box} data-testid={testId} title={shows ? exact : undefined}>
      <span className="fit-measure" aria-hidden="true" ref={measure}>{exact}</span>
      {shows ? (
        <span className="fit-short" tabIndex={0} data-exact={exact}>
          <span aria-hidden="true">{short}</span><span className="visually-hidden">{exact}</span>
        </span>
      ) : fit.scale < 1 ? <span style={{ fontSize: `${fit.scale}em` }}>{exact}</span> : exact}
    </p>
  );
}

/**
 * A table's own sideways scroll: focusable (and named) only while it scrolls, so a keyboard reaches what is off to
 * the side and a table that fits adds no tab stop.
 */
export function TableScroll({ label, children, testId }: { label: string; children: ReactNode; testId?: string }): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={`dash-table-scroll${scrolls ? ' scrolls' : ''}`} ref={box} data-testid={testId}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
