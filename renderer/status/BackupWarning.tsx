/** The status bar's backup line: shown only when the last good copy is older than 48 hours, or there never was one. */
import type { ReactNode } from 'react';
import { backupWarning } from '../../shared/backup';
import { useApp } from '../app/app-store';
import { useText } from '../i18n/use-text';

export function BackupWarning(): ReactNode {
  const t = useText();
  const lastBackupAt = useApp((s) => s.status?.lastBackupAt);
  const show = useApp((s) => s.show);
  const warning = backupWarning(lastBackupAt, Date.now());
  if (!warning) return null;
  return (
    // The live region wraps the button: a button given role="status" would lose its name (axe button-name).
    <span role="status">
      <button type="button" className="link backup-warning" onClick={() => show('settings')}>
        {warning === 'never' ? t.backupWarnNever : t.backupWarnDays(warning.days)}
      </button>
    </span>
  );
}
