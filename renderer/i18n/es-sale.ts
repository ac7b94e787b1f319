/** Spanish words for the sale screen's guards: bounded fields, a total to confirm, a screen that failed, the open sale. Spread into es.ts. */
export const esSale = {
  problemQuantityTooLarge: (max: string) => `Máximo ${max} por línea`,
  problemPriceTooLarge: (max: string) => `El precio máximo es ${max}`,
  problemTax: 'Elija un impuesto de la lista',
  screenFailed: 'Esta pantalla tuvo un problema y no se pudo mostrar.',
  screenFailedSaleKept: 'La venta en curso está guardada: no se perdió nada.',
  screenRetry: 'Intentar de nuevo',
  screenNotLoaded: 'No se pudo cargar esta pantalla. Intente de nuevo; si sigue igual, reinicie Mostrador.',
  backToSale: 'Volver a la venta',
  openSaleRestored: (lines: number) => (lines === 1 ? 'Se recuperó la venta en curso (1 producto).' : `Se recuperó la venta en curso (${lines} productos).`),
  openSaleNotKept: 'La venta en curso no se pudo guardar en este equipo; si la página se recarga, podría perderse.',
  tooManyLines: (max: number) => `Una venta admite hasta ${max} productos distintos; cobre esta y siga en una nueva.`,
};
