/** English words of a long job's progress bar (renderer/app/ProgressBar.tsx). */
import type { JobKind, JobUnit } from '../../shared/progress';

const figure = (n: number) => n.toLocaleString('en-US');

const UNITS: Record<JobUnit, [one: string, many: string]> = {
  rows: ['row', 'rows'], bytes: ['byte', 'bytes'], sales: ['sale', 'sales'], items: ['item', 'items'],
};

export const enProgress = {
  progressCount: (done: number, total: number | null, unit: JobUnit) => {
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
};
