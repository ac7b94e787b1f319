/** Spanish words for updates: Settings → Actualizaciones (the status bar's notice is es-update-line.ts). */
export const esUpdates = {
  updatesTitle: 'Actualizaciones',
  updatesIntro: (version: string) => `Esta es la versión ${version}. Mostrador solo instala actualizaciones firmadas por Mostrador, y solo al cerrarse con todas las ventas enviadas y sin turno abierto.`,
  updatesNothing: 'No hay avisos de actualizaciones.',
  updateRefusedWhen: (version: string, when: string) => `Versión ${version}, rechazada el ${when}. No se instaló nada; Mostrador sigue funcionando con la versión actual.`,
  updateRefusedAdvice: 'Avise a quien le instaló Mostrador: alguien pudo cambiar la carpeta de actualizaciones. El aviso se quita solo cuando llegue una actualización buena.',
  updateDismiss: 'Descartar aviso',
  updateDismissed: 'Aviso descartado.',
};
