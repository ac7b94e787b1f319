/** The arithmetic of a long list drawn a screenful at a time, and of moving through it with the keyboard. */
export interface RowWindow {
  /** First and one-past-last rows to draw. */
  start: number;
  end: number;
}

/** The rows in view plus a few either side, so a quick scroll does not show blank space. */
export function rowWindow(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan = 8): RowWindow {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const inView = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + inView + overscan) };
}

/** Where a key moves the highlighted row (null: not a moving key). */
export function movedRow(key: string, current: number, count: number, pageRows: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const from = current < 0 ? -1 : Math.min(current, last);
  switch (key) {
    case 'ArrowDown': return Math.min(last, from + 1);
    case 'ArrowUp': return Math.max(0, from - 1);
    case 'PageDown': return Math.min(last, Math.max(0, from) + pageRows);
    case 'PageUp': return Math.max(0, from - pageRows);
    case 'Home': return 0;
    case 'End': return last;
    default: return null;
  }
}

/** The scrollTop that brings row `index` into view, or the current one when it already is. */
export function scrollToShow(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}
