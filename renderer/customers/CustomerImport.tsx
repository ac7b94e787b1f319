/**
 * A customer CSV: chosen, previewed by the core (each problem by row and column; nothing written), imported only
 * when the preview is clean. A large file's preview and import show their progress with Cancelar (a cancelled import
 * keeps the customers already saved and says how many). Export writes the directory in the same columns.
 */
import { useState, type ReactNode } from 'react';
import type { CustomerImportPreviewDto } from '../../shared/bridge/types';
import { LIMITS } from '../../shared/limits';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { callWithOwner } from '../people/owner-pin';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';
import { downloadText, fileAsBase64 } from '../app/file-base64';
import { importProblemText } from '../app/import-problem-text';
import { FilePicker } from '../app/FilePicker';
import { ProgressBar } from '../app/ProgressBar';
import { cancelJob, newJobId, useJobProgress } from '../app/use-job-progress';

interface Loaded { name: string; base64: string; preview: CustomerImportPreviewDto }

export function CustomerImport({ onImported }: { onImported(): void }): ReactNode {
  const t = useScreenText();
  const notify = useApp((s) => s.notify);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<string | null>(null);
  const progress = useJobProgress(job);

  const choose = async (file: File | undefined) => {
    setLoaded(null);
    if (!file) return;
    if (file.size > LIMITS.csvFileBytes) {
      notify('error', t.importFileTooLarge(LIMITS.csvFileBytes.toLocaleString('es-CO')));
      return;
    }
    setBusy(true);
    const base64 = await fileAsBase64(file);
    const previewJob = newJobId('customers-preview');
    setJob(previewJob);
    const answer = await callWithOwner('customers.importPreview', { file: base64, job: previewJob }, 'customer-tax', t.approveCustomerPreview(file.name));
    setBusy(false);
    setJob(null);
    if (!answer.ok) notify('error', describeBridgeError(answer.error, t));
    else if (answer.value.cancelled) notify('info', t.customersPreviewCancelled);
    else setLoaded({ name: file.name, base64, preview: answer.value });
  };
  const confirm = async () => {
    if (!loaded) return;
    setBusy(true);
    const importJob = newJobId('customers-import');
    setJob(importJob);
    const answer = await callWithOwner('customers.import', { file: loaded.base64, job: importJob }, 'customer-tax', t.approveCustomerImport(loaded.name));
    setBusy(false);
    setJob(null);
    if (!answer.ok) {
      notify('error', describeBridgeError(answer.error, t));
      return;
    }
    if (answer.value.outcome === 'cancelled') {
      // Part of the file may be saved: said as it is; the file stays chosen for a re-import.
      notify('info', t.customersImportCancelled(answer.value.saved, answer.value.rows));
      if (answer.value.saved > 0) onImported();
      return;
    }
    setLoaded(null);
    notify('info', t.importDone(answer.value.created, answer.value.updated));
    onImported();
  };
  const exportAll = async () => {
    const answer = await bridge.call('customers.export', {});
    if (answer.ok) downloadText(answer.value.fileName, answer.value.csv);
    else notify('error', describeBridgeError(answer.error, t));
  };

  const preview = loaded?.preview;
  const bar = job !== null && progress ? <ProgressBar progress={progress} onCancel={() => void cancelJob(job)} /> : null;
  return (
    <section className="panel customer-import" aria-labelledby="customer-import-title">
      <h2 id="customer-import-title">{t.importCsv}</h2>
      <div className="field">
        <label htmlFor="customer-csv">{t.importFile}</label>
        <FilePicker id="customer-csv" accept=".csv,text/csv" disabled={busy} onFile={(file) => void choose(file)} />
        <p className="hint">{t.importCsvHint}</p>
      </div>
      {!preview ? bar : null}
      {loaded && preview ? (
        <div className="import-preview" aria-live="polite">
          <h3>{t.importPreviewTitle(loaded.name)}</h3>
          {preview.problems.length === 0 ? (
            <>
              <p>{t.importPreviewOk(preview.rows, preview.created, preview.updated)}</p>
              {bar ?? <button type="button" className="primary" disabled={busy} onClick={() => void confirm()}>{t.importConfirm}</button>}
            </>
          ) : (
            <>
              <p className="field-error" role="alert">{t.importPreviewProblems(preview.problems.length)}</p>
              <table aria-label={t.importProblemsTable}>
                <thead><tr><th scope="col">{t.importRow}</th><th scope="col">{t.importColumn}</th><th scope="col">{t.importProblem}</th></tr></thead>
                <tbody>
                  {preview.problems.map((p, i) => (
                    <tr key={i}><td>{p.row}</td><td>{p.column ?? '—'}</td><td>{importProblemText(p.message, t)}</td></tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </div>
      ) : null}
      <button type="button" onClick={() => void exportAll()}>{t.exportCsv}</button>
    </section>
  );
}
