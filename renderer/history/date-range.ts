/** The history's date filters as a time window in the till's local time: from inclusive, to exclusive. */
export type DatePreset = 'all' | 'today' | 'yesterday' | 'week' | 'custom';
export const DATE_PRESETS: readonly DatePreset[] = ['all', 'today', 'yesterday', 'week', 'custom'];

const startOfDay = (d: Date): Date => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const addDays = (d: Date, days: number): Date => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);

/** "2026-11-23" (a date input's value) → that local midnight; anything else → null. */
function dayOf(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const d = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return d.getDate() === Number(match[3]) ? d : null;
}

/** The window for a preset; "this week" starts on Monday, as the Colombian calendar does; custom days are inclusive. */
export function dateWindow(preset: DatePreset, now: Date, custom: { from: string; to: string } = { from: '', to: '' }): { from?: number; to?: number } {
  const today = startOfDay(now);
  switch (preset) {
    case 'today': return { from: today.getTime(), to: addDays(today, 1).getTime() };
    case 'yesterday': return { from: addDays(today, -1).getTime(), to: today.getTime() };
    case 'week': return { from: addDays(today, -((today.getDay() + 6) % 7)).getTime(), to: addDays(today, 1).getTime() };
    case 'custom': {
      const from = dayOf(custom.from);
      const to = dayOf(custom.to);
      return { ...(from ? { from: from.getTime() } : {}), ...(to ? { to: addDays(to, 1).getTime() } : {}) };
    }
    default: return {};
  }
}
