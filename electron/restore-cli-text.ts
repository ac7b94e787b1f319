/**
 * What `npm run restore` says, in Spanish like the rest of the till (issue 18): whoever restores a shop's data on a
 * new machine reads these. Pure functions of the facts, so a test reads every sentence without running the command.
 */
import type { CopyContents } from './core/backup/copy-check';
import type { RestoreRefusalCode } from './core/backup/restore';

export const USAGE = 'uso: npm run restore -- --from <archivo de la copia> --data-dir <carpeta> [--passphrase-env <VARIABLE>] [--yes]';

/** The data folder could not be made (issue 27): which, why in plain words, and what to do. */
export function dataDirProblem(dir: string, code: string | undefined): string {
  const why = code === 'ENOTDIR' ? 'parte de esa ruta es un archivo, no una carpeta'
    : code === 'EACCES' || code === 'EPERM' ? 'este usuario no tiene permiso para escribir allí'
      : code === 'EROFS' ? 'ese disco es de solo lectura'
        : code === 'ENOSPC' ? 'el disco está lleno'
          : `el sistema respondió ${code ?? 'un error'}`;
  return `No se pudo crear la carpeta de datos ${dir}: ${why}. Elija otra con --data-dir, o corrija eso y vuelva a intentarlo.`;
}

/** `npm run restore -- --help` (issue 27): what the command does and how to call it, answered with exit 0. */
export const HELP = `Restaurar una copia de la caja Mostrador

  ${USAGE}

  --from ARCHIVO           la copia (un .mostrador-backup de Ajustes → Copias, o uno de la carpeta de copias)
  --data-dir CARPETA       la carpeta de datos de la caja donde ponerla (en este computador, con Mostrador cerrado)
  --passphrase-env VAR     la variable de entorno que trae la frase de una copia cifrada (nunca en la orden misma)
  --yes                    reemplaza sin preguntar (si no, primero dice qué tiene la copia y pregunta)

  Primero dice qué tiene la copia y no reemplaza nada hasta que se confirma; el archivo de datos reemplazado se
  conserva al lado con la fecha. Sale con 0 si restauró, 1 si no se confirmó o falló, 2 si faltan o sobran
  argumentos, y 3 si la copia no sirve o Mostrador está abierto en esa carpeta.`;

/** Dates as a Colombian owner reads them (25/11/2026, 3:58:02 p. m.), in this machine's time zone. */
export function dateText(ms: number): string {
  return new Date(ms).toLocaleString('es-CO');
}

/** node:util parseArgs answers in English; its error codes are said here instead (the option it names is kept). */
export function argumentProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  const named = /'([^']+)'/.exec(error instanceof Error ? error.message : '')?.[1];
  const option = named ? ` (${named})` : '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': return `Opción desconocida${option}.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': return `Falta el valor de una opción o sobra uno${option}.`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': return `Sobra un argumento${option}: cada valor va después de su opción.`;
    default: return 'Los argumentos no se entienden.';
  }
}

export const missingArguments = 'Faltan --from (el archivo de la copia) y --data-dir (la carpeta de datos de Mostrador).';

export const emptyPassphraseVariable = (name: string): string =>
  `La variable ${name} está vacía: póngale la contraseña de la copia.`;

/** Why a copy is not restored, by the core's code (its own message is English, kept for the log only). */
export function refusalText(code: RestoreRefusalCode, facts: { schemaVersion?: number; known?: number }, source: string): string {
  switch (code) {
    case 'NOT_FOUND': return `No hay ningún archivo en ${source}.`;
    case 'NEEDS_PASSPHRASE':
      return 'La copia está cifrada: se necesita su contraseña. Pásela en una variable de entorno y dé su nombre con --passphrase-env (nunca en la línea de órdenes).';
    case 'WRONG_PASSPHRASE': return 'La contraseña no es la de esta copia (o la copia está dañada).';
    case 'COPY_CORRUPT': return 'La copia está dañada y no se puede restaurar.';
    case 'COPY_UNREADABLE': return 'El archivo no es una copia de Mostrador o no se puede leer.';
    case 'CANCELLED': return 'Se canceló la restauración antes de reemplazar nada: los datos siguen como estaban.';
    case 'NEWER_SCHEMA': {
      const versions = facts.schemaVersion !== undefined && facts.known !== undefined
        ? ` (esquema ${facts.schemaVersion}; este Mostrador conoce hasta el ${facts.known})` : '';
      return `Esta copia la hizo una versión más nueva de Mostrador${versions}: actualice Mostrador primero y luego restáurela.`;
    }
  }
}

export const refused = (code: RestoreRefusalCode, text: string): string => `Rechazada (${code}): ${text}`;

export interface CopySummary {
  source: string;
  encrypted: boolean;
  takenAt: number;
  contents: CopyContents;
}

/** What the copy holds, before anything is replaced. */
export function summaryText(copy: CopySummary, dataDir: string): string {
  const c = copy.contents;
  const lastSale = c.lastSaleNumber === null ? 'ninguna' : `${c.lastSaleNumber}${c.lastSaleAt ? ` (${dateText(c.lastSaleAt)})` : ''}`;
  return [
    `Copia: ${copy.source}${copy.encrypted ? ' (cifrada)' : ''}`,
    `  hecha el:             ${dateText(copy.takenAt)}`,
    `  ventas:               ${c.sales}`,
    `  última venta:         ${lastSale}`,
    `  turnos cerrados:      ${c.closedShifts}`,
    `  clientes:             ${c.customers}`,
    `  productos:            ${c.products}`,
    `Reemplazará el archivo de datos de ${dataDir} (el actual se conserva, renombrado con la fecha y la hora).`,
    '',
  ].join('\n');
}

export const confirmQuestion = '¿Restaurar esta copia? (si/no) ';

/** Yes in the words a person types at that question. */
export const isYes = (answer: string): boolean => /^(s|si|sí|y|yes)$/i.test(answer.trim());

export const nothingReplaced = 'No se reemplazó nada. Vuelva a ejecutarlo con --yes para restaurar esta copia.';

/** The secret is in the keychain, never in a copy: said always, with the service when the copy names one. */
export function restoredText(replaced: string | null, service: CopyContents['service']): string {
  const kept = replaced ? ` El archivo de datos anterior se conserva como ${replaced}.` : '';
  const secret = service
    ? `La clave secreta del cliente ${service.clientId} (${service.baseUrl}) está en el llavero del sistema y no viene en la copia: escríbala de nuevo en Ajustes → Conexión.`
    : 'La clave secreta del servicio está en el llavero del sistema y no viene en ninguna copia: si esta caja usa un servicio real, escríbala de nuevo en Ajustes → Conexión.';
  return `Restaurada.${kept}\n${secret}\n`;
}

export const failedText = (detail: string): string => `La restauración falló. Detalle técnico: ${detail}`;
