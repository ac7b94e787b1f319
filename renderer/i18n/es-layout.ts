/** Spanish words of the back-office layout (panels, the history's link) and what an owner's PIN approves. */
const quoted = (name: string) => `«${name}»`;

export const esLayout = {
  layoutClosePanel: 'Cerrar panel',
  /** The history link: the short number shown, the reference kept in its name for screen readers. */
  /** The file inputs' own button (the browser's says "Choose File" in the system's language). */
  layoutChooseFile: 'Elegir archivo…',
  historyOpenSaleNamed: (number: string, reference: string) => `${number}: ver detalle de la venta ${reference}`,
  importPanelTitle: 'Importar desde un archivo CSV',
  approveProductCreate: (name: string) => `Crear el producto ${quoted(name)}`,
  approveProductSave: (name: string) => `Guardar los cambios del producto ${quoted(name)}`,
  approveProductActivate: (name: string) => `Activar el producto ${quoted(name)}`,
  approveProductDeactivate: (name: string) => `Desactivar el producto ${quoted(name)}`,
  approveCatalogPreview: (file: string) => `Revisar el archivo de catálogo ${quoted(file)}`,
  approveCatalogImport: (file: string) => `Importar los productos del archivo ${quoted(file)}`,
  approveCustomerSave: (name: string) => `Guardar el cliente ${quoted(name)}`,
  approveCustomerPreview: (file: string) => `Revisar el archivo de clientes ${quoted(file)}`,
  approveCustomerImport: (file: string) => `Importar los clientes del archivo ${quoted(file)}`,
  approveRetry: (sale: string) => `Reenviar a la DIAN la venta ${sale}`,
  approveCorrect: (sale: string) => `Corregir la venta ${sale}`,
  approveVoid: (sale: string) => `Anular la venta ${sale}`,
  approvePersonSave: (name: string) => `Guardar a ${quoted(name)} en Personas (nombre, rol y PIN)`,
  approveOverrides: 'Ver la lista de autorizaciones del dueño',
  approveUnsentAlert: (minutes: number) => `Avisar de ventas sin enviar después de ${minutes} minutos`,
  approveSettings: 'Guardar los ajustes de esta caja',
  approvePrinter: 'Guardar la impresora de recibos',
  approveUseDemo: 'Pasar esta caja al modo de demostración',
};
