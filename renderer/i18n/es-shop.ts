/** Spanish words for the shop server (issue 20): Settings → Servidor de la tienda (the status bar's line is es-shop-line.ts). */
import { sales } from './es-shop-line';

/** "45 segundos", "1 minuto", "2 minutos": how long to wait, rounded up to minutes past the first one. */
function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}

/** Settings → Servidor de la tienda and the shift close: with the back office's words. */
export const esShop = {
  shopTitle: 'Servidor de la tienda',
  shopIntro: 'Con varias cajas, el servidor de la tienda guarda un solo catálogo, clientes, personas y todas las ventas. Esta caja sigue vendiendo y facturando aunque el servidor no responda.',
  shopAddress: 'Dirección del servidor',
  shopAddressHint: 'La que muestra el servidor, por ejemplo 192.168.1.20:8443.',
  shopCode: 'Código de emparejamiento',
  shopCodeHint: 'Los 10 caracteres que muestra el servidor al abrir el emparejamiento. Sirve una sola vez y vence en 10 minutos.',
  shopTillName: 'Nombre de esta caja (opcional)',
  shopTillNamePlaceholder: 'Vacío: lo da el servidor',
  shopTillNameHint: 'Déjelo vacío y el servidor le da el siguiente: «Caja 2», «Caja 3»… Cada caja de la tienda tiene un nombre distinto: es el de sus números de venta, recibos y cierres.',
  shopPairedAs: (name: string) => `Esta caja es «${name}» en la tienda: así salen sus números de venta, recibos, X y Z. Para cambiar el nombre use Ajustes → Esta caja (lo decide el servidor).`,
  shopEarlierNames: (list: string) => `Las ventas hechas antes con otro nombre conservan su número: ${list}.`,
  shopEarlierName: (name: string, count: number, first: string, last: string) =>
    `${count} ${count === 1 ? 'venta' : 'ventas'} «${name} · ${first}»${count > 1 ? ` a «${name} · ${last}»` : ''}`,
  shopSeed: 'Es la primera caja de la tienda: subir su catálogo, clientes y personas al servidor',
  shopPair: 'Emparejar',
  shopPairing: 'Emparejando…',
  shopUnpair: 'Desemparejar esta caja',
  shopNotPaired: 'Esta caja no está emparejada con un servidor de la tienda.',
  shopPaired: (shop: string, till: number, url: string) => `Emparejada con «${shop}» como caja n.º ${till} (${url}).`,
  shopPairedNow: 'Caja emparejada. Los datos de la tienda llegan en segundo plano.',
  shopUploaded: (n: number) => `Se subieron ${n} ${n === 1 ? 'registro' : 'registros'} de esta caja al servidor.`,
  shopLastContact: (when: string) => `Último contacto: ${when}.`,
  shopNoContact: 'Sin contacto con el servidor desde que se abrió Mostrador.',
  /** Issue 29: the first till's upload of its sales (or a long backlog), with its bar. */
  shopUploadNote: 'Se reanuda sola si se corta la conexión o se cierra Mostrador; la caja sigue vendiendo mientras tanto.',
  shopWaiting: (salesWaiting: number, edits: number) => `Por enviar al servidor: ${sales(salesWaiting)} y ${edits} ${edits === 1 ? 'cambio' : 'cambios'}.`,
  shopUnsendableTitle: (n: number) => `${n === 1 ? 'Venta que no se puede' : 'Ventas que no se pueden'} enviar al servidor (${n})`,
  shopUnsendableIntro: 'Estas ventas siguen en esta caja y se facturan como siempre, pero el servidor de la tienda no las recibe: el informe del día marca esta caja como incompleta. Avise a soporte con el motivo.',
  shopUnsendableReason: { contract: 'no cumple el formato del servidor', other_till: 'el servidor ya la tiene como venta de otra caja', refused: 'el servidor la rechazó' } as Record<string, string>,
  shopSaleNumber: (n: number) => `Venta ${String(n).padStart(6, '0')}`,
  shopUnsendableField: (field: string) => `campo ${field}`,
  shopFeedAsideTitle: (n: number) => `${n === 1 ? 'Cambio' : 'Cambios'} del servidor sin aplicar (${n})`,
  shopFeedAsideIntro: 'Esta caja no pudo aplicar estos cambios que llegaron del servidor de la tienda; los demás cambios (precios, productos, PIN) siguen llegando. Cada uno dice qué hacer; al resolverlo, se aplica solo y desaparece de esta lista. Tienda también los muestra.',
  shopFeedAsideSince: (since: string) => `apartado desde el ${since}`,
  shopNotAppliedTitle: 'Cambios no aplicados',
  shopNotAppliedIntro: 'Cambios hechos en esta caja que el servidor no aplicó porque el registro ya había cambiado allí. Quedó la versión del servidor.',
  shopNotAppliedKind: { 'product.save': 'Producto', 'customer.save': 'Cliente', 'person.save': 'Persona' } as Record<string, string>,
  shopNotAppliedWhen: (made: string, refused: string) => `hecho el ${made}, no aplicado el ${refused}`,
  shopRefused: {
    SHOP_BAD_CODE: 'El servidor no aceptó el código: puede estar mal escrito, ya usado o vencido. Pida uno nuevo en el servidor.',
    SHOP_TOO_MANY: 'Demasiados intentos de emparejamiento. Espere un minuto e intente de nuevo.',
    SHOP_TOO_MANY_HERE: 'Se escribieron demasiados códigos equivocados desde esta caja. Espere un minuto e intente de nuevo.',
    SHOP_NAME_TAKEN: 'Otra caja de la tienda ya tiene ese nombre. Escriba otro, o deje el campo vacío para que el servidor le dé uno. La caja no quedó emparejada.',
    SHOP_NOT_EMPTY: 'Este servidor ya tiene los datos de otra tienda. La caja no quedó emparejada; no se subió nada.',
    SHOP_ALREADY_PAIRED: 'Esta caja ya está emparejada. Desempareje primero.',
    SHOP_CONTRACT_UPDATE_SERVER: 'El servidor de la tienda es de una versión anterior a esta caja: actualice el servidor y empareje de nuevo. La caja sigue vendiendo.',
    SHOP_CONTRACT_UPDATE_TILL: 'Esta caja es de una versión anterior al servidor de la tienda: actualice esta caja y empareje de nuevo. La caja sigue vendiendo.',
    SHOP_CERT_MISMATCH: 'El servidor mostró un certificado distinto del esperado. No se envió nada.',
    SHOP_INSECURE: 'Solo se permite HTTP sin cifrar hacia 127.0.0.1 (este mismo equipo).',
    SHOP_NETWORK: 'No se pudo conectar con el servidor: revise la dirección y que el servidor esté encendido y en la misma red.',
    SHOP_TIMEOUT: 'El servidor no respondió a tiempo.',
    SHOP_BAD_ANSWER: 'El servidor respondió algo que no cumple el contrato; no se guardó nada.',
    SHOP_OTHER_SERVER: 'En esa dirección responde un servidor con otro certificado: no es el servidor de esta tienda. No se guardó la dirección.',
    SHOP_ADDRESS_AWAY: 'Nada responde en esa dirección: revise el número y el puerto, y que el servidor esté encendido. No se guardó la dirección.',
    SHOP_NOT_PAIRED: 'Esta caja no está emparejada: emparéjela primero.',
  } as Record<string, string>,
  shopAddresses: (list: string) => `Direcciones del servidor que conoce esta caja (la primera es la que respondió la última vez): ${list}.`,
  shopNewAddress: 'Otra dirección del servidor',
  shopMovedHint: 'La caja lo busca sola en la red de la tienda. Si el servidor cambió de dirección, también puede escribir la nueva abajo, en «Otra dirección del servidor»: no hace falta emparejar de nuevo.',
  shopNewAddressHint: 'Si el servidor cambió de dirección (o tiene otra), escríbala aquí: se comprueba su certificado y la caja sigue emparejada, con su número, su clave y sus ventas.',
  shopNewAddressExtra: 'Como dirección adicional (se prueba después de las otras)',
  shopSaveAddress: 'Guardar dirección',
  shopSavingAddress: 'Comprobando…',
  shopAddressSaved: (url: string) => `Dirección guardada: ${url}. La caja la usa desde ahora.`,
  /** Too many wrong pairing codes (issue 27): `here`, typed at this till; else, from several devices at once. */
  shopTooMany: (seconds: number, here: boolean) => `${here
    ? 'Se escribieron demasiados códigos equivocados desde esta caja.'
    : 'El servidor recibió demasiados códigos equivocados de varios equipos a la vez.'} Espere ${waitWords(seconds)} e intente de nuevo.`,
  shopAddressInvalid: 'Escriba la dirección del servidor, por ejemplo 192.168.1.20:8443 (HTTPS; HTTP solo hacia 127.0.0.1).',
  shopCodeInvalid: 'El código tiene 10 caracteres, como K7QF2-M2XDA.',
  shopShiftWarning: (n: number) => `${sales(n)} de este equipo aún no ${n === 1 ? 'está' : 'están'} en el servidor de la tienda; se ${n === 1 ? 'enviará' : 'enviarán'} cuando responda.`,
};
