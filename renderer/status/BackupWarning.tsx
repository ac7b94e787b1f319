/**
 * The status bar's backup line: shown only when the last good copy is older than 48 hours, or there never was one.
 * It opens Settings at its backups, far down the screen.
 */
import type { ReactNode } from 'react';
import { backupWarning } from '../../shared/backup-age';
import { useApp } from '../app/app-store';
import { revealSectionSoon } from '../app/reveal-section';
import { useText } from '../i18n/use-text';
import { BACKUP_SECTION_ID } from '../settings/backup-section-id';

export function BackupWarning(): ReactNode {
  const t = useText();
  const lastBackupAt = useApp((s) => s.status?.lastBackupAt);
  const show = useApp((s) => s.show);
  const warning = backupWarning(lastBackupAt, Date.now());
  if (!warning) return null;
  return (
    // The live region wraps the button: role="status" on the button itself would hide that it is one.
    <span role="status">
      <button type="button" className="link backup-warning" onClick={() => { show('settings'); revealSectionSoon(BACKUP_SECTION_ID); }}>
        {warning === 'never' ? t.backupWarnNever : t.backupWarnDays(warning.days)}
      </button>
    </span>
  );
}

