/**
 * What the till says when its data folder is in use by another process (issue 25), in Spanish like the rest of the
 * till: whoever opens a second Mostrador on one computer, or restores into a folder a till is using, reads it.
 */
import type { DataFolderInUse, LockOwner } from '../common/data-folder-lock';

const PROGRAM_TEXT: Record<LockOwner['program'], string> = {
  till: 'otra caja de Mostrador',
  'till restore': 'una restauración (npm run restore)',
  'shop server': 'el servidor de la tienda',
  'shop dump': 'una copia del servidor de la tienda (npm run shop:dump)',
};

/** Dates as a Colombian owner reads them (28/11/2026, 4:42:10 p. m.), in this machine's time zone. */
const dateText = (ms: number): string => new Date(ms).toLocaleString('es-CO');

function holderText(owner: LockOwner | null): string {
  if (!owner) return 'otro proceso (aún no ha dicho cuál)';
  const where = owner.host ? `, en el equipo ${owner.host}` : '';
  return `${PROGRAM_TEXT[owner.program] ?? owner.program} (proceso ${owner.pid}${where}, en marcha desde ${dateText(owner.startedAt)})`;
}

/** A second start of the till on a folder in use. */
export function tillFolderInUseText(error: DataFolderInUse): string {
  return `La carpeta de datos ${error.folder} ya la está usando ${holderText(error.owner)}. `
    + 'Una carpeta de datos, un solo Mostrador: use la ventana que ya está abierta, o ciérrela antes de abrir otra.';
}

/** `npm run restore` into a folder in use. */
export function restoreFolderInUseText(error: DataFolderInUse): string {
  return `No se restauró nada: la carpeta de datos ${error.folder} la está usando ${holderText(error.owner)}. `
    + 'Cierre Mostrador en este equipo y vuelva a ejecutar la restauración.';
}
