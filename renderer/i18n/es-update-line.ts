/** Spanish words for the status bar's refused-update notice: part of the first download (es-first.ts). */
import type { UpdateRefusalReason } from '../../shared/update-refusal';

export const esUpdateLine = {
  updateRefusedShort: (version: string) => `Actualización ${version} rechazada`,
  updateRefused: (why: string) => `Actualización rechazada: ${why}.`,
  updateRefusalReasons: {
    unsigned: 'la actualización no trae firma',
    'malformed signature': 'su archivo de firma no es una firma válida',
    'wrong signature': 'la firma no corresponde al archivo ni a la clave de Mostrador (el archivo fue modificado o lo firmó otro)',
    'signature unreachable': 'no se pudo descargar su firma',
    'update unreadable': 'no se pudo leer el archivo descargado',
    'no update folder': 'esta instalación no tiene una carpeta de actualizaciones segura (HTTPS)',
  } satisfies Record<UpdateRefusalReason, string> as Record<UpdateRefusalReason, string>,
};
