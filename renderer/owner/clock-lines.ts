/**
 * Tills whose clock is off (issue 25), in the owner's words: "Caja 2: reloj adelantado 10 min". Pure, so a test reads
 * the words without a page. The offsets are the server's (server − till, as each till reported it on its feed).
 */
import { clockDrift, clockIsOff, type Dashboard } from '../../shared/shop/back-office';
import type { Messages } from '../i18n/messages';

/** "reloj adelantado 10 min", "reloj atrasado 2 h": how far and which way, from server − till in ms. */
export function driftText(offsetMs: number, t: Messages): string {
  const d = clockDrift(offsetMs);
  return t.clockDrift(d.ahead, d.hours, d.minutes);
}

/** One line per till whose clock is off by more than the contract's limit, by till number; empty when none. */
export function clockWarnings(dashboard: Dashboard, t: Messages): string[] {
  return (dashboard.clocks ?? []).filter((c) => clockIsOff(c.offsetMs))
    .map((c) => t.clockOffLine(c.tillName || `${t.dashTill} ${c.tillNumber}`, driftText(c.offsetMs, t)));
}
