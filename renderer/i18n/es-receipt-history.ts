/** Spanish texts for short sale numbers, the till's name, the service's document statuses and saving a receipt as PDF. */
export const esReceiptHistory = {
  saleNumber: 'Venta',
  tillName: 'Nombre de la caja',
  tillNameHint: 'Se muestra con el número corto de cada venta, por ejemplo «Caja 1 · 000123».',
  tillNameHintPaired: 'Lo decide el servidor de la tienda: cada caja tiene un nombre distinto. Al guardar, el servidor lo cambia para todas las cajas; las ventas ya hechas conservan su número.',
  problemTillName: 'Escriba un nombre de 1 a 40 caracteres, en una sola línea',
  /** The service's document statuses in words; any other status is shown as the service sent it. */
  remoteStatusNames: {
    QUEUED: 'Recibida, en validación', VALIDATED: 'Validada', REJECTED: 'Rechazada', ERROR: 'Con error',
    PENDING: 'Pendiente', PROCESSING: 'En proceso', FAILED: 'Falló', CANCELLED: 'Anulada', CANCELED: 'Anulada',
  } as Record<string, string>,
  remoteStatusOther: (status: string) => `Otro estado del servicio: «${status}»`,
};
