/**
 * Where a refused update is reported: the newest refusal is written to the data file (a restart still shows it) and
 * kept in memory for the status snapshot (which reads nothing). A good update, or an owner dismissing that version,
 * takes it away. The shell's updater (electron/updates.ts) calls `refused`/`verified`; the screens see the notice in
 * `sync.status` and dismiss it through `updates.dismiss`.
 */
import { readUpdateRefusal, type UpdateRefusalDto } from '../../../shared/update-refusal';
import type { Settings } from '../store/settings';
import type { SignatureCheck } from './update-signature';

export const UPDATE_REFUSAL_KEY = 'update_refusal';
/** A detail is for a technician's eyes; an error message is never allowed to grow the data file. */
const DETAIL_MAX = 300;

/** What the updater tells the core about each downloaded update's signature. */
export interface UpdateVerdicts {
  refused(version: string, check: SignatureCheck & { ok: false }): void;
  verified(version: string): void;
}

export interface UpdateRefusalNotice extends UpdateVerdicts {
  current(): UpdateRefusalDto | null;
  /** Hides the notice if it is about this version; false when the shown one is another (or none). */
  dismiss(version: string): boolean;
}

/** A version from the update folder's latest*.yml is outside data: kept only in the characters a version uses. */
export function safeVersion(version: string): string {
  const cleaned = version.replace(/[^0-9A-Za-z.+-]/g, '-').slice(0, 64);
  return /[0-9A-Za-z]/.test(cleaned) ? cleaned : 'unknown';
}

export function updateRefusalNotice(store: Pick<Settings, 'getSetting' | 'setSetting'>, now: () => number, changed: () => void): UpdateRefusalNotice {
  let current = readUpdateRefusal(store.getSetting(UPDATE_REFUSAL_KEY));
  const write = (notice: UpdateRefusalDto | null) => {
    store.setSetting(UPDATE_REFUSAL_KEY, notice ? JSON.stringify(notice) : '');
    current = notice;
    changed();
  };
  return {
    current: () => current,
    refused(version, check) {
      write({ version: safeVersion(version), reason: check.reason, detail: check.detail ? check.detail.slice(0, DETAIL_MAX) : null, at: now() });
    },
    verified() {
      // Updates come from us again: the warning about an earlier one has done its job.
      if (current) write(null);
    },
    dismiss(version) {
      if (!current || current.version !== version) return false;
      write(null);
      return true;
    },
  };
}
