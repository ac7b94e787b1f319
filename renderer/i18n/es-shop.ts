/** Spanish words for the shop server (issue 20): Settings → Servidor de la tienda, and the status bar's line. */
const sales = (n: number) => `${n} ${n === 1 ? 'venta' : 'ventas'}`;

/** The status bar's line: part of the first download (es-first.ts). */
export const esShopLine = {
  shopLine: {
    connected: 'Servidor de la tienda: al día',
    waiting: (n: number) => `Servidor de la tienda: ${sales(n)} por enviar`,
    away: (since: string, n: number) => `Servidor de la tienda sin conexión desde ${since}${n > 0 ? ` · ${sales(n)} por enviar` : ''}`,
  },
  shopProblem: {
    CERT_MISMATCH: 'certificado distinto del emparejado',
    AUTH_REVOKED: 'esta caja fue retirada en el servidor',
    AUTH_UNKNOWN_TILL: 'el servidor no conoce esta caja; empareje de nuevo',
    AUTH_NO_KEY: 'falta la llave de la caja en el llavero; empareje de nuevo',
    KEYCHAIN_UNAVAILABLE: 'no se pudo leer el llavero del sistema',
    AUTH_STALE: 'la hora de esta caja no coincide con la del servidor',
  } as Record<string, string>,
};

/** Settings → Servidor de la tienda and the shift close: with the back office's words. */
export const esShop = {
  shopTitle: 'Servidor de la tienda',
  shopIntro: 'Con varias cajas, el servidor de la tienda guarda un solo catálogo, clientes, personas y todas las ventas. Esta caja sigue vendiendo y facturando aunque el servidor no responda.',
  shopAddress: 'Dirección del servidor',
  shopAddressHint: 'La que muestra el servidor, por ejemplo 192.168.1.20:8443.',
  shopCode: 'Código de emparejamiento',
  shopCodeHint: 'Los 10 caracteres que muestra el servidor al abrir el emparejamiento. Sirve una sola vez y vence en 10 minutos.',
  shopSeed: 'Es la primera caja de la tienda: subir su catálogo, clientes y personas al servidor',
  shopPair: 'Emparejar',
  shopPairing: 'Emparejando…',
  shopUnpair: 'Desemparejar esta caja',
  shopNotPaired: 'Esta caja no está emparejada con un servidor de la tienda.',
  shopPaired: (shop: string, till: number, url: string) => `Emparejada con «${shop}» como Caja ${till} (${url}).`,
  shopPairedNow: 'Caja emparejada. Los datos de la tienda llegan en segundo plano.',
  shopUploaded: (n: number) => `Se subieron ${n} ${n === 1 ? 'registro' : 'registros'} de esta caja al servidor.`,
  shopLastContact: (when: string) => `Último contacto: ${when}.`,
  shopNoContact: 'Sin contacto con el servidor desde que se abrió Mostrador.',
  shopWaiting: (salesWaiting: number, edits: number) => `Por enviar al servidor: ${sales(salesWaiting)} y ${edits} ${edits === 1 ? 'cambio' : 'cambios'}.`,
  shopNotAppliedTitle: 'Cambios no aplicados',
  shopNotAppliedIntro: 'Cambios hechos en esta caja que el servidor no aplicó porque el registro ya había cambiado allí. Quedó la versión del servidor.',
  shopNotAppliedKind: { 'product.save': 'Producto', 'customer.save': 'Cliente', 'person.save': 'Persona' } as Record<string, string>,
  shopNotAppliedWhen: (made: string, refused: string) => `hecho el ${made}, no aplicado el ${refused}`,
  shopRefused: {
    SHOP_BAD_CODE: 'El servidor no aceptó el código: puede estar mal escrito, ya usado o vencido. Pida uno nuevo en el servidor.',
    SHOP_TOO_MANY: 'Demasiados intentos de emparejamiento. Espere un minuto e intente de nuevo.',
    SHOP_NOT_EMPTY: 'Este servidor ya tiene los datos de otra tienda. La caja no quedó emparejada; no se subió nada.',
    SHOP_ALREADY_PAIRED: 'Esta caja ya está emparejada. Desempareje primero.',
    SHOP_CERT_MISMATCH: 'El servidor mostró un certificado distinto del esperado. No se envió nada.',
    SHOP_INSECURE: 'Solo se permite HTTP sin cifrar hacia 127.0.0.1 (este mismo equipo).',
    SHOP_NETWORK: 'No se pudo conectar con el servidor: revise la dirección y que el servidor esté encendido y en la misma red.',
    SHOP_TIMEOUT: 'El servidor no respondió a tiempo.',
    SHOP_BAD_ANSWER: 'El servidor respondió algo que no cumple el contrato; no se guardó nada.',
  } as Record<string, string>,
  shopAddressInvalid: 'Escriba la dirección del servidor, por ejemplo 192.168.1.20:8443 (HTTPS; HTTP solo hacia 127.0.0.1).',
  shopCodeInvalid: 'El código tiene 10 caracteres, como K7QF2-M2XDA.',
  shopShiftWarning: (n: number) => `${sales(n)} de este equipo aún no ${n === 1 ? 'está' : 'están'} en el servidor de la tienda; se ${n === 1 ? 'enviará' : 'enviarán'} cuando responda.`,
};
