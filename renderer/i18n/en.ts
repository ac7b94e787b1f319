/** English. Typed against the Spanish dictionary, so a missing entry does not compile. */
import { enCatalog } from './en-catalog';
import { enProblems } from './en-problems';
import { enLater } from './en-later';
import { enReceiptHistory } from './en-receipt-history';
import { enHistory } from './en-history';
import { enSale } from './en-sale';
import { enCounter } from './en-counter';
import { enPeople } from './en-people';
import { enShifts } from './en-shifts';
import { enCorrections } from './en-corrections';
import { enPrinter } from './en-printer';
import { enBackup } from './en-backup';
import { enShop } from './en-shop';
import { enUpdates } from './en-updates';
import { enTouch } from './en-touch';
import { enLayout } from './en-layout';
import { enScreens } from './en-screens';
import { enPeopleScreen } from './en-people-screen';
import { enCustomers } from './en-customers';
import { enOwnerView } from './en-owner-view';
import { enShopRecords } from './en-shop-records';
import { enProgress } from './en-progress';
import type { Messages } from './messages-type';

export const en: Messages = {
  loading: 'Loading…',
  mainNav: 'Main navigation',
  sale: 'Sale',
  history: 'History',
  ownerView: 'Shop',
  settings: 'Settings',
  dismiss: 'Dismiss message',
  missingKey: 'This page needs the full address Mostrador printed when it started (it ends in #key=…). Open it again from the terminal.',
  coreUnavailable: 'Could not reach the Mostrador service on this computer.',
  problemWordsMissing: 'The operation did not complete, and the explanation of the problem could not be loaded. Try again; if it persists, restart Mostrador.',
  counterPartMissing: 'This part of the sale could not be loaded.',
  cancel: 'Cancel',
  actions: 'Actions',
  saleInProgress: 'Sale in progress',
  checkout: 'Checkout',
  productSearch: 'Find product',
  productSearchHint: 'Name, code or barcode',
  productResults: 'Products found',
  productNotFound: (text: string) => `No product matches “${text}”.`,
  barcodeNotFound: (code: string) => `Barcode ${code} is not in the catalog.`,
  basePrice: (base: string) => `base ${base}`,
  cartEmpty: 'No products yet. Scan a barcode or search for a product (F2).',
  cartLines: 'Products in this sale',
  product: 'Product',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  discountRate: 'Disc. %',
  tax: 'Tax',
  noTax: 'No tax',
  lineTotal: 'Amount',
  removeLine: 'Remove',
  totals: 'Totals',
  subtotal: 'Subtotal',
  discounts: 'Discounts',
  taxBase: 'base',
  total: 'Total',
  payment: 'Payment',
  paymentForm: 'Payment form',
  paymentMeans: 'Payment means',
  charge: 'Charge',
  charging: 'Saving…',
  chargeEmpty: 'Add at least one product before charging.',
  chargeFixLines: 'Fix the values marked in red before charging.',
  chargeNoSettings: 'Settings are still loading; try again in a moment.',
  chargeFailed: 'The sale was not saved.',
  counterSchemasMissing: "Mostrador's sale rules could not be loaded. Try again.",
  charged: (saleNumber: string, total: string) => `${saleNumber} saved (${total}). It will be sent to the DIAN automatically.`,
  problemQuantity: 'Quantity above 0, up to 3 decimals',
  problemPrice: 'Price of 0 or more, up to 2 decimals',
  problemDiscount: 'Between 0 and 100',
  customer: 'Customer',
  consumidorFinal: 'Consumidor final (walk-in)',
  dv: 'Check digit',
  customerName: 'Name or company name',
  email: 'E-mail',
  municipality: 'Municipality (name or DIVIPOLA code)',
  statusBar: 'Status',
  statusLoading: 'Checking status…',
  connection: { online: 'Online', offline: 'Offline', unauthorized: 'Credentials refused', misconfigured: 'Connection needs fixing' },
  pendingCount: (n: number) => (n === 0 ? 'All sent' : n === 1 ? '1 sale pending' : `${n} sales pending`),
  sendingProgress: (done: number, total: number) => `Sending ${done} of ${total}`,
  otherServicePending: (n: number, baseUrl: string | null) =>
    `${n === 1 ? '1 sale' : `${n} sales`} ${baseUrl === null ? 'of the demo mode' : `of the service at ${baseUrl}`} still to send`,
  activityValidating: 'Validating with the DIAN…',
  activityRateLimited: (seconds: number) => `Waiting for the service's rate limit (resumes in ${seconds} s)`,
  activityChecking: 'Checking the connection…',
  // Shown next to the connection state ("Sin conexión"), so it does not repeat it.
  activityWaitingConnection: (seconds: number) => `Checking again in ${seconds} s`,
  needsAttentionCount: (n: number) => (n === 1 ? '1 sale needs attention' : `${n} sales need attention`),
  lastError: 'Last error',
  retryNow: 'Retry now',
  demoExplained: 'Demo mode: sales go to a test service on this computer, not to the DIAN.',
  state: 'State',
  serviceMessage: 'The service\'s answer',
  baseUrl: 'Service base URL',
  clientId: 'Client ID',
  businessName: 'Business name',
  nit: 'NIT',
  cashierMaxDiscount: 'Largest discount a cashier may give alone (%)',
  defaultEmail: 'Default e-mail',
  catalog: 'Catalog',
  shift: 'Shift',
  ...enProblems,
  ...enLater,
  ...enReceiptHistory,
  ...enHistory,
  ...enSale,
  ...enCounter,
  ...enCatalog,
  ...enPeople,
  ...enShifts,
  ...enCorrections,
  ...enPrinter,
  ...enBackup,
  ...enShop,
  ...enUpdates,
  ...enTouch,
  ...enLayout,
  ...enScreens,
  ...enPeopleScreen,
  ...enCustomers,
  ...enOwnerView,
  ...enShopRecords,
  ...enProgress,
};
