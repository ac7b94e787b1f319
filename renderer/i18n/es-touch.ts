/** Spanish words for the counter by touch: quick keys and the numeric keypad. Spread into es.ts. */
export const esTouch = {
  quickKeys: 'Teclas rápidas',
  quickKeyCategories: 'Categorías de las teclas rápidas',
  quickKeysAll: 'Todos',
  quickKeysOther: 'Otros',
  quickKeysShow: 'Mostrar teclas',
  quickKeysHide: 'Ocultar teclas',
  keypadToggle: 'Teclado',
  keypad: 'Teclado numérico',
  keypadDigit: (digit: string) => `Tecla ${digit}`,
  keypadDecimal: 'Tecla coma decimal',
  keypadBackspace: 'Borrar',
  keypadClear: 'Limpiar',
  keypadOk: 'OK, aceptar',
  keypadTarget: (field: string) => `Escribe en: ${field}`,
  keypadNoTarget: 'Toque una cantidad, un precio o el efectivo recibido',
};
