/**
 * The bridge's method and event names alone, without the schemas, for code that must stay tiny (the sandboxed
 * Electron preload). `contract.ts` checks at compile time that this list and the contract's methods agree.
 */
export const BRIDGE_METHOD_NAMES = [
  'app.info',
  'catalog.search', 'catalog.byBarcode',
  'catalog.list', 'catalog.get', 'catalog.save', 'catalog.setActive', 'catalog.importPreview', 'catalog.importCommit', 'catalog.export',
  'catalog.quickKeys', 'jobs.cancel',
  'customers.search', 'customers.save',
  'customers.list', 'customers.update', 'customers.importPreview', 'customers.import', 'customers.export',
  'sales.charge', 'sales.search', 'sales.get', 'sales.retry',
  'openSale.get', 'openSale.save',
  'openSale.park', 'openSale.parked', 'openSale.recall',
  'receipt.get', 'receipt.print', 'receipt.pdf',
  'settings.get', 'settings.save', 'settings.saveConnection', 'settings.useDemo',
  'ranges.list',
  'sync.status', 'sync.retryNow',
  'sales.tills',
  'people.session', 'people.signIn', 'people.signOut', 'people.save', 'people.overrides', 'people.approveLine',
  'shifts.current', 'shifts.open', 'shifts.report', 'shifts.close', 'shifts.list', 'shifts.print', 'shifts.pdf', 'shifts.unsentAlert', 'sales.unsent',
  'corrections.get', 'corrections.correct', 'corrections.void',
  'printer.get', 'printer.save', 'printer.testPage', 'printer.printSale',
  'printer.printShift',
  'receipt.reprint',
  'backup.status', 'backup.configure', 'backup.run', 'backup.inspect', 'backup.restore',
  'shopServer.status', 'shopServer.pair', 'shopServer.unpair', 'shopServer.addAddress',
  'shop.owners',
  'shop.openBackOffice', 'shop.closeBackOffice', 'shop.sales', 'shop.sale', 'shop.dayReport', 'shop.dashboard', 'shop.waitForChange',
  'shop.printDayReport', 'shop.dayReportPdf', 'shop.products', 'shop.saveProduct', 'shop.customers', 'shop.saveCustomer',
  'shop.people', 'shop.savePerson', 'shop.shifts', 'shop.shift', 'shop.printShift', 'shop.reprintSale', 'shop.printSaleCopy',
  'updates.dismiss',
] as const;
export type BridgeMethodName = (typeof BRIDGE_METHOD_NAMES)[number];

export const BRIDGE_EVENT_NAMES = ['sync.status', 'sale.updated', 'printer.status', 'job.progress'] as const;
export type BridgeEventNameOnly = (typeof BRIDGE_EVENT_NAMES)[number];

export function isBridgeMethodName(name: unknown): name is BridgeMethodName {
  return typeof name === 'string' && (BRIDGE_METHOD_NAMES as readonly string[]).includes(name);
}

/** Browser mode's route for a file handed over as a file (a catalog CSV); here so the renderer needs no schemas for it. */
export const UPLOAD_PATH = '/bridge-upload';
