/** Spanish texts for corrections: why a sale needs attention, correcting it, voiding it, and the record of changes. */
import type { SaleStandingDto } from '../../shared/bridge/types';

const FIELD_NAMES: Record<string, string> = {
  identification_type: 'el tipo de identificación', identification: 'la identificación', dv: 'el dígito de verificación',
  person_type: 'el tipo de persona', name: 'el nombre', tax_regime: 'el régimen tributario', email: 'el correo',
  municipality_code: 'el municipio', code: 'el código', quantity: 'la cantidad', unit_measure: 'la unidad', price: 'el precio',
  discount_rate: 'el descuento', taxes: 'los impuestos', rate: 'la tarifa', form_code: 'la forma de pago', means_code: 'el medio de pago',
};

export const esCorrections = {
  correctionTitle: 'Corrección',
  correctionWhy: 'Por qué',
  correctionStanding: {
    refused_at_creation: 'El servicio de facturación no aceptó esta factura al recibirla y no la guardó. Corrija el cliente o las líneas y envíela de nuevo: conservará su misma referencia.',
    rejected_after_validation: 'El servicio recibió la factura, pero la DIAN la rechazó al validarla. El servicio conserva ese documento rechazado: la corrección se enviará como una factura nueva, con otra referencia enlazada a esta.',
    maybe_stored: 'Un envío anterior quedó sin respuesta: el servicio pudo haber guardado esta factura, así que no se puede corregir aquí, y para anularla Mostrador pregunta antes al servicio. Reintente el envío sin cambios: si el servicio la tiene, devolverá su documento.',
    held_by_service: 'El servicio tiene un documento para esta venta que no está validado ni rechazado. Mientras tanto no se puede corregir ni anular: reintente el envío o consulte con su proveedor de facturación.',
    never_sent: 'Esta venta todavía no ha llegado al servicio de facturación.',
    on_its_way: 'Esta venta va en camino al servicio o espera la validación de la DIAN.',
    validated: 'Factura electrónica validada por la DIAN.',
    voided: 'Venta anulada en esta caja: el servicio nunca la guardó y no se enviará.',
    replaced: 'Esta venta se corrigió con una factura nueva (otra referencia). Esta no se volverá a enviar.',
  } satisfies Record<SaleStandingDto, string>,
  serviceWords: 'Palabras del servicio',
  fieldsNamed: 'El servicio señala',
  fieldName: (path: string): string => {
    const parts = path.split('.');
    const last = parts.at(-1) ?? path;
    const name = FIELD_NAMES[last] ?? last;
    if (parts[0] === 'items' && parts[1] !== undefined && /^\d+$/.test(parts[1])) return `línea ${Number(parts[1]) + 1}: ${name}`;
    if (parts[0] === 'customer') return `${name} del cliente`;
    return name;
  },
  correctCustomer: 'Corregir cliente',
  correctLines: 'Corregir líneas',
  voidSale: 'Anular venta',
  correctionReason: 'Motivo (queda registrado)',
  correctionReasonMissing: 'Escriba el motivo de la corrección',
  correctAndSend: 'Corregir y enviar',
  correctionSameReference: (reference: string) => `Venta corregida: se envía de nuevo con la misma referencia ${reference}.`,
  correctionNewReference: (number: string, reference: string) => `Venta corregida: se envía como la venta ${number}, referencia nueva ${reference}.`,
  voided: 'Venta anulada. Queda en el historial y no se enviará.',
  confirmVoid: 'Anular esta venta',
  voidNotPossible: {
    validated: 'Esta factura ya es válida ante la DIAN: para anularla se necesita una nota crédito. La especificación del servicio de facturación no muestra cómo emitir notas crédito, así que Mostrador no puede hacerlo; consulte a su proveedor de facturación cómo emitirla.',
    stored: 'El servicio ya guardó (o pudo guardar) esta factura: solo se anula en la caja una venta que el servicio nunca guardó.',
  },
  voidAsksService: 'Un envío anterior pudo llegar al servicio de facturación. Al anular, Mostrador pregunta primero al servicio por la referencia de esta venta: solo se anula si el servicio no la tiene.',
  correctedBy: 'Corregida por la venta',
  corrects: 'Corrige la venta',
  correctionLog: 'Cambios registrados',
  correctionKinds: { same_reference: 'Corrección (misma referencia)', new_reference: 'Corrección (referencia nueva)', void: 'Anulación' },
  correctionBy: (person: string, approvedBy: string | null) =>
    `${person || 'Dueño'}${approvedBy ? ` (autorizó ${approvedBy})` : ''}`,
  correctionWhat: { customer: 'cliente', items: 'líneas', 'customer, items': 'cliente y líneas', void: 'anulación' } as Record<string, string>,
  beforeAfter: 'Antes → después',
  lineQuantity: 'Cantidad',
  linePrice: 'Precio sin impuestos',
  lineDiscount: 'Descuento %',
  lineTaxRate: 'Tarifa %',
  correctionRemoveLine: 'Quitar línea',
  cannotChangeHere: 'La venta ya no admite este cambio; recargue el detalle.',
};
