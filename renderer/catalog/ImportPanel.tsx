/**
 * A product CSV: chosen, previewed with every error by row and column, and imported only when the owner confirms and
 * nothing is wrong. The preview and the import run on the core's import thread; their progress shows as a bar with
 * "Cancelar" (a cancelled import keeps the products already saved and says how many).
 */
import { Fragment, useState, type ReactNode } from 'react';
import type { CatalogImportPreviewDto, CatalogImportResultDto, CsvRowProblemDto } from '../../shared/bridge/types';
import type { Messages } from '../i18n/messages';
import { ProgressBar } from '../app/ProgressBar';
import { cancelJob, newJobId, useJobProgress } from '../app/use-job-progress';
import { LIMITS } from '../../shared/limits';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { FilePicker } from '../app/FilePicker';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';
import { importProblemText } from '../app/import-problem-text';

function Problems(p: { caption: string; list: CsvRowProblemDto[]; kind: 'error' | 'warning' }): ReactNode {
  const t = useScreenText();
  return (
    <table className={`import-problems import-${p.kind}`} data-testid={`import-${p.kind}s`}>
      <caption>{p.caption}</caption>
      <thead><tr><th scope="col">{t.catalogImportRow}</th><th scope="col">{t.catalogImportColumn}</th><th scope="col">{t.catalogImportProblem}</th></tr></thead>
      <tbody>
        {p.list.slice(0, 200).map((e, i) => (
          <tr key={i}><td className="num">{e.row}</td><td>{e.column.split('_').map((part, k) => (k === 0 ? part : <Fragment key={k}>_<wbr />{part}</Fragment>))}</td><td>{importProblemText(e.message, t)}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

/** What an import that did not finish did, in the owner's words (the core's reason put in them when it names a row). */
function unfinishedText(result: CatalogImportResultDto, t: Messages): string {
  if (result.outcome === 'cancelled') return result.saved === 0 ? t.catalogImportCancelledNothing : t.catalogImportCancelled(result.saved, result.rows);
  const named = /^row (\d+), (.*?): (.*)$/.exec(result.message ?? '');
  const why = named ? t.catalogImportStoppedRow(named[1] ?? '', named[2] ?? '', importProblemText(named[3] ?? '', t)) : importProblemText(result.message ?? '', t);
  return t.catalogImportStopped(result.saved, result.rows, why);
}

export function ImportPanel(p: { onImported(): void }): ReactNode {
  const t = useScreenText();
  const notify = useApp((s) => s.notify);
  // The file as the core received it (uploaded once, read from its disk a chunk at a time for the preview and the import).
  const [upload, setUpload] = useState<string | null>(null);
  const [preview, setPreview] = useState<CatalogImportPreviewDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState('');
  // The preview's or the import's job, while it runs: its bar.
  const [job, setJob] = useState<string | null>(null);
  const progress = useJobProgress(job);

  async function choose(chosen: File | undefined) {
    setPreview(null);
    setUpload(null);
    if (!chosen) return;
    if (chosen.size > LIMITS.catalogFileBytes) {
      notify('error', t.importFileTooLarge(LIMITS.catalogFileBytes.toLocaleString('es-CO')));
      return;
    }
    setBusy(true);
    setName(chosen.name);
    let sent;
    try {
      sent = await bridge.upload(chosen);
    } catch {
      setBusy(false);
      notify('error', t.catalogFileUnreadable);
      return;
    }
    if (!sent.ok) { setBusy(false); notify('error', describeBridgeError(sent.error, t)); return; }
    const previewJob = newJobId('catalog-preview');
    setJob(previewJob);
    const answer = await callWithOwner('catalog.importPreview', { upload: sent.value.token, job: previewJob }, 'catalog', t.approveCatalogPreview(chosen.name));
    setBusy(false);
    setJob(null);
    if (!answer.ok) { notify('error', describeBridgeError(answer.error, t)); return; }
    if (answer.value.cancelled) { notify('info', t.catalogPreviewCancelled); return; }
    setUpload(sent.value.token);
    setPreview(answer.value);
  }

  async function confirm() {
    if (upload === null) return;
    setBusy(true);
    const importJob = newJobId('catalog-import');
    setJob(importJob);
    const answer = await callWithOwner('catalog.importCommit', { upload, job: importJob }, 'catalog', t.approveCatalogImport(name));
    setBusy(false);
    setJob(null);
    if (!answer.ok) { notify('error', describeBridgeError(answer.error, t)); return; }
    if (answer.value.outcome !== 'imported') {
      // Part of the file may be saved: said as it is, and the catalog's list shows it. The file stays chosen.
      notify(answer.value.outcome === 'cancelled' ? 'info' : 'error', unfinishedText(answer.value, t));
      if (answer.value.saved > 0) p.onImported();
      return;
    }
    notify('info', t.catalogImported(answer.value.created, answer.value.updated));
    setPreview(null);
    setUpload(null);
    p.onImported();
  }

  const bar = job !== null && progress ? <ProgressBar progress={progress} onCancel={() => void cancelJob(job)} /> : null;
  return (
    <section className="panel import-panel" aria-label={t.catalogImport}>
      <h2>{t.catalogImport}</h2>
      <label htmlFor="catalog-import-file">{t.catalogImportFile}</label>
      <FilePicker id="catalog-import-file" accept=".csv,text/csv,text/plain" describedBy="catalog-import-hint" disabled={busy} onFile={(file) => void choose(file)} />
      <p className="field-hint" id="catalog-import-hint">{t.catalogImportHint}</p>
      {/* The preview's bar under the file chosen; the import's where its button was (where the owner is looking). */}
      {!preview ? bar : null}
      {preview ? (
        <div className="import-preview" role="status">
          <p>{t.catalogImportSummary(preview.rows, preview.creates, preview.updates)}</p>
          {preview.errors.length > 0 ? <Problems kind="error" caption={t.catalogImportErrors(preview.errorCount)} list={preview.errors} /> : null}
          {preview.warnings.length > 0 ? <Problems kind="warning" caption={t.catalogImportWarnings} list={preview.warnings} /> : null}
          {preview.errorCount === 0 && bar ? bar : preview.errorCount === 0 ? (
            <button type="button" className="primary" disabled={busy} onClick={() => void confirm()}>
              {t.catalogImportConfirm(preview.creates + preview.updates)}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
