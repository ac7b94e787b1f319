/** Spanish words for the shop server's line in the status bar: part of the first download (es-first.ts). */
/** "1 venta", "3 ventas". */
export const sales = (n: number): string => `${n} ${n === 1 ? 'venta' : 'ventas'}`;

/** "120 000": thousands split by a no-break space, as the progress bars write them. */
const figure = (n: number): string => n.toLocaleString('es-CO').replace(/\./g, '\u00a0');

export const esShopLine = {
  shopLine: {
    connected: 'Servidor de la tienda: al día',
    waiting: (n: number) => `Servidor de la tienda: ${sales(n)} por enviar`,
    /** Issue 29: the first till's upload of its sales (a backlog of more than one batch), with the time left once known. */
    uploading: (done: number, total: number, secondsLeft: number | null) =>
      `Servidor de la tienda: enviando ${figure(done)} de ${figure(total)} ventas${secondsLeft === null ? '' : ` · quedan unos ${secondsLeft < 60 ? `${secondsLeft} s` : `${Math.ceil(secondsLeft / 60)} min`}`}`,
    away: (since: string, n: number) => `Servidor de la tienda sin conexión desde ${since}${n > 0 ? ` · ${sales(n)} por enviar` : ''}`,
    unsendable: (n: number) => `${sales(n)} no se ${n === 1 ? 'puede' : 'pueden'} enviar al servidor`,
    /** Issue 28: the service's limit is the shop's; while the server is away this till keeps to its own part. */
    ownRate: (percent: number) => `Facturación: esta caja usa su parte del límite del servicio (${percent} %) mientras vuelve el servidor`,
    ownRateOldServer: (percent: number) => `Facturación: esta caja usa su parte del límite del servicio (${percent} %): el servidor de la tienda es de una versión que no lo reparte`,
    /**
     * Issue 28: the shop server confirms the shop's invoices; a paired till that confirms its own says why (the
     * server away needs no word of its own: the line above says it).
     */
    shopTraffic: (used: number, limit: number) => `Facturación: la tienda usa ${used} de ${limit} solicitudes por minuto al servicio`,
    selfConfirm: {
      'server-old': 'Facturas: las confirma esta caja (servidor de versión anterior)',
      no_credentials: 'Facturas: las confirma esta caja (el servidor no tiene las credenciales del servicio)',
      other_account: 'Facturas: las confirma esta caja (el servidor tiene otra cuenta del servicio)',
      service_refused: 'Facturas: las confirma esta caja (el servicio rechazó las credenciales del servidor)',
    } as Record<string, string>,
    /** Issue 27: records of the server's feed set aside here; Settings → Servidor de la tienda says what to do. */
    feedAside: (n: number) => `${n} ${n === 1 ? 'cambio' : 'cambios'} del servidor sin aplicar (vea Ajustes)`,
  },
  shopProblem: {
    CERT_MISMATCH: 'certificado distinto del emparejado',
    AUTH_REVOKED: 'esta caja fue retirada en el servidor',
    AUTH_UNKNOWN_TILL: 'el servidor no conoce esta caja; empareje de nuevo',
    AUTH_NO_KEY: 'falta la llave de la caja en el llavero; empareje de nuevo',
    KEYCHAIN_UNAVAILABLE: 'no se pudo leer el llavero del sistema',
    AUTH_STALE: 'la hora de esta caja no coincide con la del servidor',
    CONTRACT_UPDATE_SERVER: 'el servidor de la tienda es de una versión anterior a esta caja: actualice el servidor; las ventas esperan aquí y salen solas después',
    CONTRACT_UPDATE_TILL: 'esta caja es de una versión anterior al servidor de la tienda: actualice esta caja; sus ventas esperan aquí y salen solas después',
  } as Record<string, string>,
};
