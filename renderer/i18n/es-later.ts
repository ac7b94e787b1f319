/**
 * Spanish words the counter needs only after something happens, not at its first render: what went wrong (a core
 * refusal, a field's problem, the sync engine's error: `es-problems.ts`), the customer search and form, parked sales'
 * list, the keypad, the owner's PIN dialog, a large total to confirm, the last sale's line. They come with the
 * counter's late chunk (`renderer/sale/counter-later.ts`, fetched right after the first render) and with the back
 * office's screens, never in the first download. `counter-text.ts` joins them to the first render's words.
 */
import { formatDateTime } from '../format/date-time';
import { esProblems } from './es-problems';

/** The words moved here from the first render's dictionary (en-later.ts says each in English). */
export const esLaterWords = {
  // from es-first.ts
  customerSearch: 'Buscar cliente',
  customerSearchHint: 'Nombre o número de identificación',
  customerResults: 'Clientes encontrados',
  noCustomers: 'Ningún cliente coincide.',
  newCustomer: 'Nuevo cliente',
  identificationType: 'Tipo de identificación',
  identificationNumber: 'Número de identificación',
  dvExpected: (dv: string) => `El DV de este número es ${dv}`,
  personType: 'Tipo de persona',
  taxRegime: 'Régimen',
  municipalityHint: 'Escriba el nombre o los 5 dígitos del código',
  municipalitySuggestions: 'Municipios sugeridos',
  saveAndUse: 'Guardar y usar',
  problemRequired: 'Este dato es obligatorio',
  problemIdentification: 'Solo dígitos (letras y dígitos para pasaporte o documento extranjero)',
  problemDv: 'El dígito de verificación no corresponde al número',
  problemEmail: 'Escriba un correo válido, por ejemplo caja@tienda.co',
  problemMunicipality: 'Elija un municipio o escriba su código de 5 dígitos',
  problemCode: 'Elija una opción de la lista',
  back: 'Volver',
  openSale: (reference: string) => `Ver detalle de la venta ${reference}`,
  date: 'Fecha',
  reference: 'Referencia',
  print: 'Imprimir',
  buyer: 'Adquiriente',
  clientSecret: 'Clave secreta (client_secret)',
  problemUrl: 'Escriba una URL completa, por ejemplo https://api.ejemplo.com',
  problemClientId: 'Debe empezar por fc_',
  problemNit: 'De 5 a 15 dígitos, sin el DV',
  problemTooLong: 'Es demasiado largo',
  problemUrlNotHttps: 'Debe empezar por https:// (http:// solo para este equipo, por ejemplo http://127.0.0.1:4010)',
  problemCharacters: 'Tiene caracteres de control que no se pueden imprimir ni enviar',
  address: 'Dirección',
  problemAuthNumber: 'Solo dígitos: el número de la resolución',
  problemDate: 'Escriba una fecha válida (AAAA-MM-DD)',
  problemPrefix: 'Hasta 4 letras o dígitos, sin espacios',
  problemRangeNumber: 'Un número entero sin ceros a la izquierda',
  problemRangeOrder: 'No puede ser menor que el número inicial',
  problemValidityOrder: 'No puede ser anterior al inicio de la vigencia',
  language: 'Idioma',
  printerName: 'Impresora',
  lastSale: 'Última venta',
  openReceipt: 'Ver factura',
  openSlip: 'Ver comprobante',
  lastSaleValidating: 'Validando…',
  lastSaleValidated: (number: string) => `Validada: ${number}`,
  lastSaleNeedsAttention: 'Requiere atención',
  // from es-counter.ts
  parkedNone: 'No hay ventas suspendidas.',
  parkedItem: (n: number, lines: number, who: string) => `N.º ${n} · ${lines === 1 ? '1 producto' : `${lines} productos`} · ${who}`,
  recallSale: (n: number) => `Recuperar la venta suspendida n.º ${n}`,
  editCustomer: 'Editar cliente',
  saveCustomer: 'Guardar cliente',
  // from es-people.ts
  ownerPinTitle: 'Se necesita el PIN del dueño',
  ownerPinFor: (what: string) => `Solo para esta acción: ${what}`,
  ownerPinAction: {
    price: 'cambiar el precio o el impuesto',
    catalog: 'cambiar el catálogo',
    settings: 'cambiar la configuración',
    retry: 'reenviar la venta',
    'customer-tax': 'cambiar los datos tributarios del cliente',
    people: 'administrar personas',
    overrides: 'ver las autorizaciones',
    correction: 'corregir o anular la venta',
    'pin-lockout': 'PIN en pausa',
  } as Record<string, string>,
  ownerPin: 'PIN del dueño',
  approve: 'Autorizar',
  till: 'Caja',
  notAllowed: 'Se necesita al dueño:',
  peopleRules: {
    wrongPin: 'el PIN no es correcto',
    notOwnerPin: 'no es el PIN de un dueño',
    pinLocked: (until: number) => `demasiados PIN equivocados para esta persona: su PIN queda en pausa hasta ${formatDateTime(until, 'es-CO')}`,
    needsOwnerPin: 'esta acción necesita el PIN del dueño',
    priceNeedsOwner: 'el precio o el impuesto no es el del catálogo; el dueño debe autorizar el cambio',
    discountNeedsOwner: (max: string) => `supera el ${max} % que un cajero puede dar solo; el dueño debe autorizarlo`,
    nobodySelling: 'nadie ha entrado en esta caja; elija quién vende',
  },
  ownerPinApproves: 'Autoriza:',
  ownerPinOnlyThis: 'El PIN sirve solo para esta acción y no se guarda.',
  // from es-touch.ts
  keypad: 'Teclado numérico',
  keypadDigit: (digit: string) => `Tecla ${digit}`,
  keypadDecimal: 'Tecla coma decimal',
  keypadBackspace: 'Borrar',
  keypadClear: 'Limpiar',
  keypadOk: 'OK, aceptar',
  keypadTarget: (field: string) => `Escribe en: ${field}`,
  keypadNoTarget: 'Toque una cantidad, un precio o el efectivo recibido',
  // from es-sale.ts
  confirmTotalTitle: 'Confirme el total',
  confirmTotal: (total: string) => `El total de esta venta es ${total}, mucho más de lo usual. ¿Está bien?`,
  confirmCharge: 'Sí, cobrar',
  reviewSale: 'Revisar la venta',};

export const esLater = { ...esProblems, ...esLaterWords };
