/** Spanish words for the counter by touch: quick keys and the numeric keypad. Spread into es.ts. */
export const esTouch = {
  quickKeys: 'Teclas rápidas',
  quickKeyCategories: 'Categorías de las teclas rápidas',
  quickKeysAll: 'Todos',
  quickKeysOther: 'Otros',
  quickKeysShow: 'Mostrar teclas',
  quickKeysHide: 'Ocultar teclas',
  keypadToggle: 'Teclado',
};
