/**
 * Backups as Settings and the status bar see them: the input rules (the core validates the same), what a copy holds
 * before a restore, and when the status bar starts to warn.
 */
import { z } from 'zod';
import type { JobProgressDto } from './progress';

export { BACKUP_WARN_AFTER_MS, backupWarning } from './backup-age';

export const BACKUP_PASSPHRASE_MIN = 10;

/** A folder or file on this computer, typed or pasted by the owner: absolute, one line. */
export const localPathSchema = z.string().trim().min(1, 'is required').max(1000)
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')
  .refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\'), 'must be a full path (starting with / or a drive letter)');

export const backupPassphraseSchema = z.string().min(BACKUP_PASSPHRASE_MIN, `must be at least ${BACKUP_PASSPHRASE_MIN} characters`).max(200);

export interface BackupCopyDto {
  at: number;
  file: string;
  encrypted: boolean;
  counts: Record<string, number>;
}

export interface BackupStatusDto {
  /** Where copies go, and the default inside the data folder. */
  folder: string;
  defaultFolder: string;
  /** Copies to this folder are encrypted (it is outside the data folder). */
  encrypts: boolean;
  passphraseStored: boolean;
  lastGood: BackupCopyDto | null;
  /** The newest failure since the last good copy: code (FOLDER_MISSING, NEEDS_PASSPHRASE, COPY_CORRUPT…) and detail. */
  lastFailure: { at: number; code: string; message: string } | null;
  running: boolean;
  /** The running copy's last progress report (issue 29), null when none runs: a screen opened mid-copy shows its bar. */
  progress: JobProgressDto | null;
  /** Good copies in the folder, newest first (their paths, for restoring). */
  copies: Array<{ path: string; file: string; encrypted: boolean }>;
}

export interface RestorePreviewDto {
  /** Names the inspected copy for the confirm step. */
  token: string;
  source: string;
  encrypted: boolean;
  takenAt: number;
  schemaVersion: number;
  sales: number;
  lastSaleNumber: number | null;
  lastSaleAt: number | null;
  closedShifts: number;
  customers: number;
  products: number;
}

export interface RestoreDoneDto {
  /** The replaced data file, kept beside the new one. */
  replacedFile: string | null;
  /** The till reopened on the restored file; false = restart Mostrador to finish. */
  reopened: boolean;
  /** The copy's till sent to a real service whose secret this keychain lacks (a secret is never in a backup): enter it again. */
  secretNeeded: boolean;
}
