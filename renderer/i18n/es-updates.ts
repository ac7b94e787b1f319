/** Spanish words for updates: Settings → Actualizaciones and the status bar's refused-update notice. */
import type { UpdateRefusalReason } from '../../shared/update-refusal';

/** The status bar's notice: part of the first download (es-first.ts). */
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

/** Settings → Actualizaciones: with the back office's words. */
export const esUpdates = {
  updatesTitle: 'Actualizaciones',
  updatesIntro: (version: string) => `Esta es la versión ${version}. Mostrador solo instala actualizaciones firmadas por Mostrador, y solo al cerrarse con todas las ventas enviadas y sin turno abierto.`,
  updatesNothing: 'No hay avisos de actualizaciones.',
  updateRefusedWhen: (version: string, when: string) => `Versión ${version}, rechazada el ${when}. No se instaló nada; Mostrador sigue funcionando con la versión actual.`,
  updateRefusedAdvice: 'Avise a quien le instaló Mostrador: alguien pudo cambiar la carpeta de actualizaciones. El aviso se quita solo cuando llegue una actualización buena.',
  updateDismiss: 'Descartar aviso',
  updateDismissed: 'Aviso descartado.',
};
