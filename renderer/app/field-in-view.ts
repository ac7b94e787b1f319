/**
 * The field being typed in is always whole in view (issue 29): when a field takes the focus (a tap, a click, Tab), is
 * tapped again or typed in, and a box that scrolls (the counter's side column, a back-office panel) cuts any part of
 * it or of its focus ring, it is scrolled just enough to show it whole (block 'nearest'). A change of the layout while typing (the
 * change appearing under the totals makes the side column shorter) is answered at the next keystroke, and a window
 * resized keeps the focused field in view too.
 */
import { useEffect } from 'react';

const FIELD = 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=hidden]), select, textarea';
/** The focus ring's reach beyond the field (base.css: 3 px outline + 2 px offset; 5 px shadow). */
const RING = 6;

/** Whether a box that clips the field (or the window) cuts part of it or its ring. */
function cut(field: HTMLElement): boolean {
  const box = field.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  for (let up = field.parentElement; up && up !== document.body; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowY === 'visible' && style.overflowX === 'visible') continue;
    if (up.scrollHeight <= up.clientHeight && up.scrollWidth <= up.clientWidth) continue; // clips, but cannot scroll
    const clip = up.getBoundingClientRect();
    if (box.top - RING < clip.top - 0.5 || box.bottom + RING > clip.bottom + 0.5 || box.left < clip.left - 0.5 || box.right > clip.right + 0.5) return true;
  }
  return box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth;
}

export function revealField(target: EventTarget | Element | null): void {
  if (!(target instanceof HTMLElement) || !target.matches(FIELD) || !cut(target)) return;
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** Once, for the whole window (App). */
export function useFocusedFieldInView(): void {
  useEffect(() => {
    let frame = 0;
    // After the frame: the layout a keystroke or a tap changes (a line appearing by the total) is then in place.
    const soon = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => revealField(document.activeElement));
    };
    // A tap on the field that already has the focus (a tap elsewhere leaves the scroll where the cashier put it).
    const tapped = (event: Event) => { if (event.target === document.activeElement) soon(); };
    document.addEventListener('focusin', soon);
    document.addEventListener('click', tapped);
    document.addEventListener('input', soon);
    window.addEventListener('resize', soon);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', soon);
      document.removeEventListener('click', tapped);
      document.removeEventListener('input', soon);
      window.removeEventListener('resize', soon);
    };
  }, []);
}
