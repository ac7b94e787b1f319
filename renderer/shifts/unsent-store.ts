/**
 * Sales the service has not confirmed yet, as the core counts them (`sales.unsent`): the status bar highlights the
 * late ones, history marks them, and leaving the page in browser mode asks while any is waiting.
 */
import { create } from 'zustand';
import type { UnsentSalesDto } from '../../shared/bridge/types';
import { bridge } from '../bridge/client';
import { durationText } from '../format/duration';

interface UnsentState {
  unsent: UnsentSalesDto | null;
  set(unsent: UnsentSalesDto): void;
}

export const useUnsent = create<UnsentState>()((set) => ({ unsent: null, set: (unsent) => set({ unsent }) }));

export async function refreshUnsent(): Promise<void> {
  const answer = await bridge.call('sales.unsent', {});
  if (answer.ok) useUnsent.getState().set(answer.value);
}

const UNSENT_STATES = new Set(['waiting', 'sending', 'queued']);

/** Whether one sale has waited longer than the owner's alert time (by the core's clock at the last count). */
export function isLate(sale: { state: string; createdAt: number }, unsent: UnsentSalesDto | null): boolean {
  if (!unsent || !UNSENT_STATES.has(sale.state)) return false;
  return sale.createdAt < unsent.at - unsent.alertAfterMinutes * 60_000;
}

/** "7 min", "2 h 5 min", "2 días 3 h", "3 días": how long the oldest sale has waited (the owner screens' formatter). */
export function waitedText(ms: number, locale: 'es-CO' | 'en'): string {
  return durationText(ms, locale);
}
