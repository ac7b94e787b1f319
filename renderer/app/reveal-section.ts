/**
 * Focus a Settings section opened from the status bar and bring its top into view (focus alone may scroll a section
 * taller than the window to its middle). Settings loads on first open and a section once its status is read: tried
 * for up to ~2 s of frames.
 */
export function revealSectionSoon(id: string, tries = 120): void {
  const element = document.getElementById(id);
  if (!element) {
    if (tries > 0) requestAnimationFrame(() => revealSectionSoon(id, tries - 1));
    return;
  }
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'start' });
}
