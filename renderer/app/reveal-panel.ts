/** Brings an opened panel into view and puts the focus on its first field that can be typed in. */
const FIELDS = 'input:not([readonly]):not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([readonly]):not([disabled])';

export function revealPanel(panel: HTMLElement, focusField: boolean): void {
  panel.scrollTop = 0;
  panel.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  if (!focusField) return;
  const field = panel.querySelector<HTMLElement>(FIELDS);
  // preventScroll: the panel is already where it should be; focusing must not move the list behind it.
  (field ?? panel).focus({ preventScroll: true });
}
