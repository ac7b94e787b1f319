/** English words of a long job's progress bar (renderer/app/ProgressBar.tsx). */
import type { JobKind, JobUnit } from '../../shared/progress';

const figure = (n: number) => n.toLocaleString('en-US');

const UNITS: Record<JobUnit, [one: string, many: string]> = {
  rows: ['row', 'rows'], bytes: ['byte', 'bytes'], sales: ['sale', 'sales'], items: ['item', 'items'],
};

const size = (n: number, big: boolean) => (big
  ? (n / 1_000_000).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  : (n / 1_000).toLocaleString('en-US', { maximumFractionDigits: 0 }));

export const enProgress = {
  progressCount: (done: number, total: number | null, unit: JobUnit) => {
    if (unit === 'bytes') {
      const big = (total ?? done) >= 1_000_000;
      const name = big ? 'MB' : 'kB';
      return total === null ? `${size(done, big)} ${name}` : `${size(done, big)} of ${size(total, big)} ${name}`;
    }
    const [one, many] = UNITS[unit];
    return total === null ? `${figure(done)} ${done === 1 ? one : many}` : `${figure(done)} of ${figure(total)} ${total === 1 ? one : many}`;
  },
  progressTimeLeft: (seconds: number) => (seconds < 60 ? `about ${seconds} s left` : `about ${Math.ceil(seconds / 60)} min left`),
  progressCancel: 'Cancel',
  progressCancelling: 'Cancelling…',
  progressLabel: (kind: JobKind) => ({
    'catalog.preview': 'Checking the catalog file', 'catalog.import': 'Catalog import',
    'customers.preview': 'Checking the customer file', 'customers.import': 'Customer import',
    backup: 'Backup', restore: 'Restore', 'shop.upload': 'Sending the sales to the server', 'server.dump': 'Server dump',
  } satisfies Record<JobKind, string>)[kind],
  progressPhase: (phase: string) => ({ reading: 'reading', checking: 'checking', writing: 'saving' } as Record<string, string>)[phase] ?? phase,
  progressFinished: 'Finished',
  progressCancelled: 'Cancelled',
  progressFailed: 'Failed',
  catalogPreviewCancelled: 'Check cancelled: nothing was saved.',
  catalogImportCancelledNothing: 'Import cancelled while the file was being checked: nothing was saved.',
  catalogImportCancelled: (saved: number, rows: number) =>
    `Import cancelled: ${figure(saved)} of ${figure(rows)} products were saved (the file's first rows); the rest were not. To finish, import the same file again: those already saved are only updated.`,
  catalogImportStopped: (saved: number, rows: number, why: string) =>
    `The import stopped: ${figure(saved)} of ${figure(rows)} products were saved; the rest were not. Reason: ${why}. Fix the file and import it again.`,
  customersPreviewCancelled: 'Check cancelled: nothing was saved.',
  customersImportCancelled: (saved: number, rows: number) => (saved === 0
    ? 'Import cancelled while the file was being checked: nothing was saved.'
    : `Import cancelled: ${figure(saved)} of ${figure(rows)} customers were saved (the file's first rows); the rest were not. To finish, import the same file again: those already saved are only updated.`),
  catalogImportStoppedRow: (row: string, column: string, problem: string) => `row ${row}, column ${column}: ${problem}`,
};
