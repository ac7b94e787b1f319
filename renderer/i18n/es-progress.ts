/** Spanish words of a long job's progress bar (renderer/app/ProgressBar.tsx, shared/progress.ts). */
import type { JobKind, JobUnit } from '../../shared/progress';

const figure = (n: number) => n.toLocaleString('es-CO').replace(/\./g, '\u00a0');

const UNITS: Record<JobUnit, [one: string, many: string]> = {
  rows: ['fila', 'filas'], bytes: ['byte', 'bytes'], sales: ['venta', 'ventas'], items: ['elemento', 'elementos'],
};

/** Bytes as an owner reads them: "64,5 MB" (one decimal; kB below a megabyte). */
const size = (n: number, big: boolean) => (big
  ? (n / 1_000_000).toLocaleString('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).replace(/\./g, '\u00a0')
  : (n / 1_000).toLocaleString('es-CO', { maximumFractionDigits: 0 }).replace(/\./g, '\u00a0'));

export const esProgress = {
  /** "12 400 de 100 000 filas" (thousands split by a space, as the figures are written); "0,7 de 64,5 MB". */
  progressCount: (done: number, total: number | null, unit: JobUnit) => {
    if (unit === 'bytes') {
      const big = (total ?? done) >= 1_000_000;
      const name = big ? 'MB' : 'kB';
      return total === null ? `${size(done, big)} ${name}` : `${size(done, big)} de ${size(total, big)} ${name}`;
    }
    const [one, many] = UNITS[unit];
    return total === null ? `${figure(done)} ${done === 1 ? one : many}` : `${figure(done)} de ${figure(total)} ${total === 1 ? one : many}`;
  },
  /** "quedan unos 8 s", "quedan unos 2 min". */
  progressTimeLeft: (seconds: number) => (seconds < 60 ? `quedan unos ${seconds} s` : `quedan unos ${Math.ceil(seconds / 60)} min`),
  progressCancel: 'Cancelar',
  progressCancelling: 'Cancelando…',
  progressLabel: (kind: JobKind) => ({
    'catalog.preview': 'Revisión del archivo de catálogo', 'catalog.import': 'Importación del catálogo',
    'customers.preview': 'Revisión del archivo de clientes', 'customers.import': 'Importación de clientes',
    backup: 'Copia de seguridad', restore: 'Restauración', 'shop.upload': 'Envío de las ventas al servidor', 'server.dump': 'Copia del servidor',
  } satisfies Record<JobKind, string>)[kind],
  progressPhase: (phase: string) => ({ reading: 'leyendo', checking: 'revisando', writing: 'guardando' } as Record<string, string>)[phase] ?? phase,
  progressFinished: 'Terminado',
  progressCancelled: 'Cancelado',
  progressFailed: 'Falló',
  catalogPreviewCancelled: 'Revisión cancelada: no se guardó nada.',
  catalogImportCancelledNothing: 'Importación cancelada mientras se revisaba el archivo: no se guardó nada.',
  catalogImportCancelled: (saved: number, rows: number) =>
    `Importación cancelada: se guardaron ${figure(saved)} de ${figure(rows)} productos (las primeras filas del archivo); los demás no. Para terminar, importe el mismo archivo otra vez: los ya guardados solo se actualizan.`,
  catalogImportStopped: (saved: number, rows: number, why: string) =>
    `La importación se detuvo: se guardaron ${figure(saved)} de ${figure(rows)} productos; los demás no. Motivo: ${why}. Corrija el archivo y vuelva a importarlo.`,
  customersPreviewCancelled: 'Revisión cancelada: no se guardó nada.',
  customersImportCancelled: (saved: number, rows: number) => (saved === 0
    ? 'Importación cancelada mientras se revisaba el archivo: no se guardó nada.'
    : `Importación cancelada: se guardaron ${figure(saved)} de ${figure(rows)} clientes (las primeras filas del archivo); los demás no. Para terminar, importe el mismo archivo otra vez: los ya guardados solo se actualizan.`),
  catalogImportStoppedRow: (row: string, column: string, problem: string) => `fila ${row}, columna ${column}: ${problem}`,
};
