/**
 * Settings → Copias de seguridad: where copies go (a folder outside the data folder needs the passphrase), the last
 * good copy or the last failure, a copy now, and restoring one: read what it holds first, then confirm.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { backupPassphraseSchema, localPathSchema, type BackupStatusDto, type RestorePreviewDto } from '../../shared/backup';
import { useApp } from '../app/app-store';
import { TextField } from '../app/fields';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { formatDateTime } from '../format/date-time';
import { useText } from '../i18n/use-text';
import { callWithOwner } from '../people/owner-pin';
import { BACKUP_SECTION_ID } from './backup-section-id';

export function BackupSection(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const [status, setStatus] = useState<BackupStatusDto | null>(null);
  const [folder, setFolder] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [file, setFile] = useState('');
  const [restorePassphrase, setRestorePassphrase] = useState('');
  const [preview, setPreview] = useState<RestorePreviewDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = (s: BackupStatusDto) => {
    setStatus(s);
    setFolder(s.folder === s.defaultFolder ? '' : s.folder);
    setFile((current) => current || s.copies[0]?.path || '');
  };
  useEffect(() => {
    void bridge.call('backup.status', {}).then((answer) => { if (answer.ok) load(answer.value); });
  }, []);
  if (!status) return null;

  const when = (ms: number) => formatDateTime(ms, locale);
  const say = (answer: { ok: false; error: { code: string; message: string; fields?: Record<string, string> } }) => {
    const code = Object.values(answer.error.fields ?? {})[0] ?? '';
    setProblem(t.restoreRefused[code] ?? t.backupFailure[code] ?? describeBridgeError(answer.error as never, t));
  };
  const start = () => { setNotice(null); setProblem(null); };

  const save = async () => {
    start();
    const chosen = folder.trim() === '' ? null : folder.trim();
    if (chosen !== null && !localPathSchema.safeParse(chosen).success) return setProblem(t.backupFolderHint);
    if (passphrase !== '' && !backupPassphraseSchema.safeParse(passphrase).success) return setProblem(t.backupPassphraseHint);
    const answer = await callWithOwner('backup.configure', { folder: chosen, ...(passphrase ? { passphrase } : {}) }, 'settings');
    if (answer.ok) {
      load(answer.value);
      setPassphrase('');
      setNotice(t.backupSaved);
    } else say(answer);
  };
  const runNow = async () => {
    start();
    setBusy(true);
    const answer = await bridge.call('backup.run', {});
    setBusy(false);
    if (answer.ok) load(answer.value);
    else say(answer);
  };
  const inspect = async () => {
    start();
    setPreview(null);
    if (!localPathSchema.safeParse(file.trim()).success) return setProblem(t.restoreRefused.COPY_UNREADABLE ?? '');
    const answer = await callWithOwner('backup.inspect', { file: file.trim(), ...(restorePassphrase ? { passphrase: restorePassphrase } : {}) }, 'settings');
    if (answer.ok) setPreview(answer.value);
    else say(answer);
  };
  const confirm = async () => {
    if (!preview) return;
    start();
    setBusy(true);
    const answer = await callWithOwner('backup.restore', { token: preview.token }, 'settings');
    setBusy(false);
    setPreview(null);
    if (answer.ok) setNotice(`${answer.value.reopened ? t.restoreDone : t.restoreNeedsRestart} ${t.restoreSecret}`);
    else say(answer);
  };

  return (
    <section className="panel backup-section" id={BACKUP_SECTION_ID} tabIndex={-1} aria-labelledby="backup-title">
      <h2 id="backup-title">{t.backupTitle}</h2>
      <p className="muted">{t.backupIntro}</p>
      <p role="status">{status.lastGood ? t.backupLastGood(when(status.lastGood.at), status.lastGood.counts.sales ?? 0) : t.backupNever}</p>
      {status.lastFailure ? (
        <p className="field-error" role="alert">
          {t.backupFailed(when(status.lastFailure.at), t.backupFailure[status.lastFailure.code] ?? status.lastFailure.message)}
        </p>
      ) : null}
      <TextField id="backup-folder" label={t.backupFolder} value={folder} onChange={setFolder} hint={t.backupFolderHint} placeholder={status.defaultFolder} />
      <TextField id="backup-passphrase" type="password" label={t.backupPassphrase} value={passphrase} onChange={setPassphrase}
        hint={status.passphraseStored ? t.backupPassphraseStored : t.backupPassphraseHint} />
      <div className="actions">
        <button type="button" onClick={() => void runNow()} disabled={busy}>{busy ? t.backupRunning : t.backupNow}</button>
        <button type="button" className="primary" onClick={() => void save()}>{t.backupSave}</button>
      </div>
      <h3>{t.restoreTitle}</h3>
      <p className="muted">{t.restoreIntro}</p>
      <TextField id="restore-file" label={t.restoreFile} value={file} onChange={(v) => { setFile(v); setPreview(null); }} />
      <TextField id="restore-passphrase" type="password" label={t.restorePassphrase} value={restorePassphrase} onChange={setRestorePassphrase} />
      {preview ? (
        <p className="notice" role="status">
          {t.restorePreview(when(preview.takenAt), preview.sales, String(preview.lastSaleNumber ?? '—'), preview.closedShifts)}
        </p>
      ) : null}
      {notice ? <p className="notice" role="status">{notice}</p> : null}
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
      <div className="actions">
        <button type="button" onClick={() => void inspect()} disabled={busy}>{t.restoreInspect}</button>
        {preview ? <button type="button" className="primary danger" onClick={() => void confirm()} disabled={busy}>{t.restoreConfirm}</button> : null}
      </div>
    </section>
  );
}
