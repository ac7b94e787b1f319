/**
 * A form's draft taken from the app's settings and re-based whenever fresh settings arrive (see draft-rebase.ts),
 * so a section never keeps showing the values of the connection it was opened with.
 */
import { useCallback, useState } from 'react';
import type { SettingsDto } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { rebaseDraft } from './draft-rebase';

interface DraftState<T> { source: SettingsDto | null; base: T; draft: T }

export interface SettingsDraft<T> {
  draft: T;
  change(update: (draft: T) => T): void;
  /** After this form's own save: show exactly what the core now holds. */
  reset(): void;
}

export function useSettingsDraft<T extends object>(pick: (settings: SettingsDto | null) => T): SettingsDraft<T> {
  const settings = useApp((s) => s.settings);
  const [state, setState] = useState<DraftState<T>>(() => ({ source: settings, base: pick(settings), draft: pick(settings) }));
  let current = state;
  if (state.source !== settings) {
    // Derived during render (React's pattern for state that follows a prop), so no frame shows the old values.
    const base = pick(settings);
    current = { source: settings, base, draft: rebaseDraft(state.draft, state.base, base) };
    setState(current);
  }
  const change = useCallback((update: (draft: T) => T) => setState((s) => ({ ...s, draft: update(s.draft) })), []);
  const reset = useCallback(() => setState((s) => ({ ...s, draft: s.base })), []);
  return { draft: current.draft, change, reset };
}
