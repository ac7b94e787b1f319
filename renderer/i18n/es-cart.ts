/** Spanish words for the compact cart and its line panel (issue 29). Spread into es-first.ts. */
export const esCart = {
  /** The short text of a line's discount under its name: "desc. 10 %". */
  lineDiscountShort: (rate: string) => `desc. ${rate}`,
  lineNeedsFix: 'Revise esta línea',
  lineOpenHint: 'Enter o un toque abre la línea: cantidad, precio, descuento, impuesto o quitarla',
  linePanelTitle: (n: number, name: string) => `Línea ${n}: ${name}`,
  linePanelClose: 'Listo',
  linePanelCloseLabel: 'Cerrar la línea (Esc)',
  linePanelAmount: 'Valor de la línea',
};
