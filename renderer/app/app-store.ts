/** What every screen shares: the current screen, the core's settings and status, and the notice line. */
import { create } from 'zustand';
import type { AppInfoDto, Locale, SettingsDto, SyncStatusDto } from '../../shared/bridge/types';
import { hasMessages, loadMessages } from '../i18n/messages';

export type Screen = 'sale' | 'history' | 'settings' | 'receipt' | 'customers' | 'catalog' | 'people'
  | 'shifts' | 'owner';

export interface Notice { kind: 'info' | 'error'; text: string; at: number }

interface AppState {
  screen: Screen;
  receiptSaleId: number | null;
  /** Where Esc goes back to from the receipt. */
  receiptFrom: Screen;
  locale: Locale;
  info: AppInfoDto | null;
  settings: SettingsDto | null;
  status: SyncStatusDto | null;
  notice: Notice | null;
  /** A problem that stops the app from working at all (e.g. browser mode without its key). */
  fatal: string | null;
  show(screen: Screen): void;
  openReceipt(saleId: number): void;
  /**
   * The receipt on screen by itself (the sale just charged): only if `stillMay` says so at the very moment it would
   * show (its code may have taken a while to arrive, and the cashier may have started typing meanwhile).
   */
  openReceiptIf(saleId: number, stillMay: () => boolean): void;
  setInfo(info: AppInfoDto): void;
  setSettings(settings: SettingsDto): void;
  setStatus(status: SyncStatusDto): void;
  notify(kind: Notice['kind'], text: string): void;
  clearNotice(): void;
  setFatal(text: string): void;
}

/**
 * Before a screen shows, its code may still be on its way (renderer/app/lazy-screens.tsx registers the loader): the
 * current screen stays until it has arrived, so the new one renders whole at once instead of suspending (React
 * reveals a suspended screen on a 300 ms throttle). A loader never rejects: a chunk that failed shows its own error.
 */
type ScreenLoader = (screen: Screen) => Promise<void> | null;
let screenLoader: ScreenLoader = () => null;
export function setScreenLoader(loader: ScreenLoader): void { screenLoader = loader; }
/** The latest screen asked for wins: F9 then F6 in quick succession ends on the catalog. */
let screenAsked = 0;
function whenLoaded(screen: Screen, go: () => void): void {
  const asked = ++screenAsked;
  const loading = screenLoader(screen);
  if (!loading) { go(); return; }
  void loading.then(() => { if (asked === screenAsked) go(); });
}

export const useApp = create<AppState>()((set, get) => ({
  screen: 'sale',
  receiptSaleId: null,
  receiptFrom: 'sale',
  locale: 'es-CO',
  info: null,
  settings: null,
  status: null,
  notice: null,
  fatal: null,
  show: (screen) => whenLoaded(screen, () => set({ screen })),
  openReceipt: (saleId) => whenLoaded('receipt', () => set({ screen: 'receipt', receiptSaleId: saleId, receiptFrom: get().screen === 'receipt' ? get().receiptFrom : get().screen })),
  openReceiptIf: (saleId, stillMay) => whenLoaded('receipt', () => {
    if (stillMay()) set({ screen: 'receipt', receiptSaleId: saleId, receiptFrom: get().screen });
  }),
  setInfo: (info) => set({ info }),
  setSettings: (settings) => {
    if (hasMessages(settings.locale)) {
      set({ settings, locale: settings.locale });
      return;
    }
    // The screen keeps its language until the new one's dictionary is here (a failed load keeps the old one).
    set({ settings });
    void loadMessages(settings.locale).then(
      () => { if (get().settings?.locale === settings.locale) set({ locale: settings.locale }); },
      () => undefined,
    );
  },
  setStatus: (status) => set({ status }),
  notify: (kind, text) => set({ notice: { kind, text, at: Date.now() } }),
  clearNotice: () => set({ notice: null }),
  setFatal: (text) => set({ fatal: text }),
}));

/**
 * A focus asked for an element that did not come (a part of the counter whose chunk was still on its way), with
 * what had the focus then: `retryMissedFocus` gives it once the chunk is here, unless the cashier has moved on.
 */
let missedFocus: { id: string; from: Element | null } | null = null;
let focusRequests = 0;

/** Moves focus to an element once it is on screen (after a screen change React renders on the next frame). */
export function focusSoon(id: string): void {
  missedFocus = null; // a new request replaces one that missed
  tryFocus(id, 10, ++focusRequests);
}

function tryFocus(id: string, tries: number, request: number): void {
  const element = document.getElementById(id);
  if (element) {
    element.focus();
    if (element instanceof HTMLInputElement) element.select();
    return;
  }
  if (tries > 0) requestAnimationFrame(() => tryFocus(id, tries - 1, request));
  else if (request === focusRequests) missedFocus = { id, from: document.activeElement };
}

/** After a late chunk arrived: the focus that missed it, if nothing else has taken the focus since. */
export function retryMissedFocus(): void {
  const missed = missedFocus;
  missedFocus = null;
  if (missed && document.activeElement === missed.from) focusSoon(missed.id);
}
