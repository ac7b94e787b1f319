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
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';
import { usePeople } from '../people/people-store';
import { refreshSettings } from './refresh-settings';
import { BACKUP_SECTION_ID } from './backup-section-id';
import { ProgressBar } from '../app/ProgressBar';
import { cancelJob, newJobId, useJobProgress } from '../app/use-job-progress';
import type { JobProgressDto } from '../../shared/progress';

/**
 * What the last restore said. Kept outside the component: once the till runs on the copy, its people may have to
 * sign in first (the section unmounts behind that screen), and the owner must still read that the secret is missing.
 */
let restored: { notice: string; secretNeeded: boolean } | null = null;

export function BackupSection(): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const [status, setStatus] = useState<BackupStatusDto | null>(null);
  const [folder, setFolder] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [file, setFile] = useState('');
  const [restorePassphrase, setRestorePassphrase] = useState('');
  const [preview, setPreview] = useState<RestorePreviewDto | null>(null);
  const [notice, setNotice] = useState<string | null>(restored?.notice ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  // The copy's part and the restore's part each say their own outcome, beside their own buttons.
  const [saved, setSaved] = useState<string | null>(null);
  const [backupProblem, setBackupProblem] = useState<string | null>(null);
  const [secretNeeded, setSecretNeeded] = useState(restored?.secretNeeded ?? false);
  const [busy, setBusy] = useState(false);
  // Issue 29: the copy's bar (any copy: this screen's, the day's or a shift's close; one runs at a time) and the restore's.
  const [heardBackup, setHeardBackup] = useState<JobProgressDto | null>(null);
  const [restoreJob, setRestoreJob] = useState<string | null>(null);
  const restoreProgress = useJobProgress(restoreJob);
  useEffect(() => bridge.on('job.progress', (p) => { if (p.kind === 'backup') setHeardBackup(p); }), []);
  const backupProgress: JobProgressDto | null = heardBackup ?? status?.progress ?? null;
  useEffect(() => {
    // A copy ended (this screen's or one started elsewhere): the status says how it went.
    if (heardBackup && heardBackup.state !== 'running') {
      void bridge.call('backup.status', {}).then((answer) => { if (answer.ok) load(answer.value); });
    }
  }, [heardBackup?.jobId, heardBackup?.state]);

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
  // The core names why in a field's code (FOLDER_MISSING, WRONG_PASSPHRASE…); each step has its own sentences.
  type Refusal = { ok: false; error: { code: string; message: string; fields?: Record<string, string> } };
  const why = (answer: Refusal, words: Record<string, string>) =>
    words[Object.values(answer.error.fields ?? {})[0] ?? ''] ?? describeBridgeError(answer.error as never, t);
  const say = (answer: Refusal, words: Record<string, string>) => setProblem(why(answer, words));
  const start = () => { restored = null; setNotice(null); setProblem(null); setSecretNeeded(false); };
  const startBackup = () => { setSaved(null); setBackupProblem(null); };

  const save = async () => {
    startBackup();
    const chosen = folder.trim() === '' ? null : folder.trim();
    if (chosen !== null && !localPathSchema.safeParse(chosen).success) return setBackupProblem(t.backupFolderHint);
    if (passphrase !== '' && !backupPassphraseSchema.safeParse(passphrase).success) return setBackupProblem(t.backupPassphraseHint);
    const answer = await callWithOwner('backup.configure', { folder: chosen, ...(passphrase ? { passphrase } : {}) }, 'settings');
    if (answer.ok) {
      load(answer.value);
      setPassphrase('');
      setSaved(t.backupSaved);
    } else setBackupProblem(why(answer, t.backupRefused));
  };
  const runNow = async () => {
    startBackup();
    setBusy(true);
    // A copy already running is followed as it is (the core answers when that one ends).
    const answer = await bridge.call('backup.run', { job: newJobId('backup') });
    setBusy(false);
    if (answer.ok) load(answer.value);
    else setBackupProblem(why(answer, t.backupRefused));
  };
  const inspect = async () => {
    start();
    setPreview(null);
    if (!localPathSchema.safeParse(file.trim()).success) return setProblem(t.restoreFileHint);
    const job = newJobId('restore-read');
    setRestoreJob(job);
    const answer = await callWithOwner('backup.inspect', { file: file.trim(), ...(restorePassphrase ? { passphrase: restorePassphrase } : {}), job }, 'settings');
    if (answer.ok) setPreview(answer.value);
    else say(answer, t.restoreRefused);
  };
  const confirm = async () => {
    if (!preview) return;
    start();
    setBusy(true);
    const job = newJobId('restore-write');
    setRestoreJob(job);
    const answer = await callWithOwner('backup.restore', { token: preview.token, job }, 'settings');
    // The writing's end is this answer (the till reopened on the copy: the replaced core's reports ended with it).
    setRestoreJob(null);
    setBusy(false);
    setPreview(null);
    if (!answer.ok) return say(answer, t.restoreRefused);
    setRestorePassphrase('');
    restored = { notice: answer.value.reopened ? t.restoreDone : t.restoreNeedsRestart, secretNeeded: answer.value.secretNeeded };
    setNotice(restored.notice);
    setSecretNeeded(restored.secretNeeded);
    if (!answer.value.reopened) return;
    // The till now runs on the copy: its settings, people and copies replace what the screens were showing.
    const [settings, session, backups] = await Promise.all([
      bridge.call('settings.get', {}), bridge.call('people.session', {}), bridge.call('backup.status', {}),
    ]);
    if (settings.ok) await refreshSettings(settings.value);
    if (session.ok) usePeople.getState().setSession(session.value);
    if (backups.ok) load(backups.value);
  };
  const goToSecret = () => {
    const field = document.getElementById('conn-secret');
    field?.scrollIntoView({ block: 'center' });
    field?.focus();
  };

  return (
    <>
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
          <button type="button" onClick={() => void runNow()} disabled={busy || backupProgress?.state === 'running'}>
            {busy || backupProgress?.state === 'running' ? t.backupRunning : t.backupNow}
          </button>
          <button type="button" className="primary" onClick={() => void save()}>{t.backupSave}</button>
        </div>
        {backupProgress && backupProgress.state !== 'failed' ? (
          <ProgressBar progress={backupProgress} label={`${t.progressLabel('backup')}: ${t.backupPhase[backupProgress.phase] ?? backupProgress.phase}`}
            onCancel={() => void cancelJob(backupProgress.jobId)} />
        ) : null}
        {backupProgress?.state === 'cancelled' ? <p className="panel notice-info" role="status">{t.backupCancelled}</p> : null}
        {saved ? <p className="panel notice-info" role="status">{saved}</p> : null}
        {backupProblem ? <p className="field-error" role="alert">{backupProblem}</p> : null}
      </section>
      <section className="panel restore-section" aria-labelledby="restore-title">
        <h2 id="restore-title">{t.restoreTitle}</h2>
        <p className="muted">{t.restoreIntro}</p>
        <TextField id="restore-file" label={t.restoreFile} value={file} onChange={(v) => { setFile(v); setPreview(null); }} hint={t.restoreFileHint} />
        <TextField id="restore-passphrase" type="password" label={t.restorePassphrase} value={restorePassphrase} onChange={setRestorePassphrase} />
        {preview ? (
          <p className="panel setup-notice" role="status">
            {t.restorePreview(when(preview.takenAt), preview.sales, preview.lastSaleNumber === null ? '—' : String(preview.lastSaleNumber).padStart(6, '0'), preview.closedShifts)}
          </p>
        ) : null}
        {restoreProgress && (restoreProgress.state === 'running' || restoreProgress.state === 'finished') ? (
          <ProgressBar progress={restoreProgress} label={`${t.progressLabel('restore')}: ${t.backupPhase[restoreProgress.phase] ?? restoreProgress.phase}`}
            onCancel={() => void cancelJob(restoreProgress.jobId)} />
        ) : null}
        {preview || restoreProgress?.phase === 'writing' ? <p className="muted">{t.restoreNoCancel}</p> : null}
        {notice ? <p className="panel notice-info" role="status">{notice}</p> : null}
        {secretNeeded ? (
          <div className="panel setup-notice" role="alert">
            <p>{t.restoreSecret}</p>
            <button type="button" className="link" onClick={goToSecret}>{t.restoreSecretGo}</button>
          </div>
        ) : null}
        {problem ? <p className="field-error" role="alert">{problem}</p> : null}
        <div className="actions">
          <button type="button" onClick={() => void inspect()} disabled={busy}>{t.restoreInspect}</button>
          {preview ? <button type="button" className="primary danger" onClick={() => void confirm()} disabled={busy}>{t.restoreConfirm}</button> : null}
        </div>
      </section>
    </>
  );
}
