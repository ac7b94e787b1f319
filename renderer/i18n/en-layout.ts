/** English twin of es-layout.ts (same shape). */
import type { esLayout } from './es-layout';

const quoted = (name: string) => `“${name}”`;

export const enLayout: typeof esLayout = {
  layoutClosePanel: 'Close panel',
  layoutChooseFile: 'Choose file…',
  historyOpenSaleNamed: (number: string, reference: string) => `${number}: show sale ${reference}`,
  importPanelTitle: 'Import from a CSV file',
  approveProductCreate: (name: string) => `Create the product ${quoted(name)}`,
  approveProductSave: (name: string) => `Save the changes to the product ${quoted(name)}`,
  approveProductActivate: (name: string) => `Activate the product ${quoted(name)}`,
  approveProductDeactivate: (name: string) => `Deactivate the product ${quoted(name)}`,
  approveCatalogPreview: (file: string) => `Check the catalog file ${quoted(file)}`,
  approveCatalogImport: (file: string) => `Import the products of the file ${quoted(file)}`,
  approveCustomerSave: (name: string) => `Save the customer ${quoted(name)}`,
  approveCustomerPreview: (file: string) => `Check the customer file ${quoted(file)}`,
  approveCustomerImport: (file: string) => `Import the customers of the file ${quoted(file)}`,
  approveRetry: (sale: string) => `Send sale ${sale} to the DIAN again`,
  approveCorrect: (sale: string) => `Correct sale ${sale}`,
  approveVoid: (sale: string) => `Void sale ${sale}`,
  approvePersonSave: (name: string) => `Save ${quoted(name)} in People (name, role and PIN)`,
  approveOverrides: 'See the list of the owner\'s approvals',
  approveUnsentAlert: (minutes: number) => `Warn about unsent sales after ${minutes} minutes`,
  approveSettings: 'Save this till\'s settings',
  approvePrinter: 'Save the receipt printer',
  approveUseDemo: 'Switch this till to demo mode',
};
