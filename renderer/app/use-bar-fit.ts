/**
 * How many tabs the top bar moves into "Más" so the name of who is selling shows whole: CSS does it by width
 * (base.css, ≤1250 px and ≤1120 px); this adds the same steps when a long name still does not fit. It starts over
 * when the bar widens or the person changes, measures again when it narrows, and only ever steps towards compact
 * while measuring, so it settles.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export type BarLevel = 0 | 1 | 2;

export function useBarFit(bar: RefObject<HTMLElement | null>, who: string): BarLevel {
  const [level, setLevel] = useState<BarLevel>(0);
  // A bar of another width renders again so the name is measured again: the window shrinking (1920 → 1366), or
  // growing past the widths where CSS alone hides tabs (1093 → 1366, the level already 0), with nothing else
  // changing, left "Vende: Marta" cut to "Vend…" (issue 29).
  const [, remeasure] = useState(0);
  const width = useRef(0);
  useLayoutEffect(() => setLevel(0), [who]);
  useLayoutEffect(() => {
    const name = bar.current?.querySelector<HTMLElement>('.person-name');
    // Any overflow at all: one pixel over already draws the ellipsis ("Vende: Beto Caj…" at 1366×768).
    if (name && name.scrollWidth > name.clientWidth && level < 2) setLevel((level + 1) as BarLevel);
  });
  useEffect(() => {
    const element = bar.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => {
      const now = element.clientWidth;
      if (now > width.current + 1) setLevel(0); // wider: the tabs may fit again
      if (Math.abs(now - width.current) > 1) remeasure((n) => n + 1);
      width.current = now;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [bar]);
  return level;
}
