/**
 * What a cashier cannot do without an owner, read from a bridge call's validated input: change a price or a tax
 * at the counter, edit the catalog or a customer's tax data, change Settings, send a needing-attention sale again,
 * manage people or read the override log. The core applies these whatever the screen shows.
 */
import type { InvoiceCustomer, InvoiceItem } from '../../../shared/api/invoice-request';
import type { OverrideDetail, PriceLineChange, SaleRef, TaxRate } from '../../../shared/override-detail';
import type { GuardedAction } from '../../../shared/people';
import type { Store } from '../store';
import { CUSTOMER_TAX_FIELDS } from '../store/people';

export interface Restriction {
  action: GuardedAction;
  /** What was done, as facts the override log says in the owner's language. */
  detail: OverrideDetail;
}

/**
 * Read-only calls of the catalog and customer areas; every other call of those areas (present or added later)
 * is an edit and needs an owner. Failing closed: a new read-only call that is not listed here asks for an owner
 * until it is added.
 */
const CATALOG_READS = new Set(['catalog.search', 'catalog.byBarcode', 'catalog.get', 'catalog.byCode', 'catalog.list', 'catalog.categories', 'catalog.export', 'catalog.quickKeys']);
const CUSTOMER_READS = new Set(['customers.search', 'customers.get', 'customers.list', 'customers.export']);

type Input = Record<string, unknown>;

/** The restriction a call falls under, or null when a cashier may make it alone. */
export function restrictionOf(method: string, input: Input, store: Pick<Store, 'customerTaxData' | 'getSale'>): Restriction | null {
  switch (method) {
    case 'settings.save':
      return { action: 'settings', detail: { kind: 'settings', fields: Object.keys(input).sort() } };
    case 'settings.saveConnection':
      return { action: 'settings', detail: { kind: 'connection', baseUrl: String(input.baseUrl), clientId: String(input.clientId) } };
    case 'settings.useDemo':
      return { action: 'settings', detail: { kind: 'demo' } };
    case 'printer.save':
      return { action: 'settings', detail: { kind: 'printer' } };
    case 'sales.retry':
      return { action: 'retry', detail: { kind: 'retry', sale: saleRef(input.id, store) } };
    case 'corrections.correct':
    case 'corrections.void':
      return { action: 'correction', detail: { kind: 'correction', sale: saleRef(input.saleId, store), voided: method === 'corrections.void' } };
    case 'people.save':
      return { action: 'people', detail: { kind: 'person', name: String((input.person as Input | undefined)?.name ?? '') } };
    case 'people.overrides':
      return { action: 'overrides', detail: { kind: 'overrides-read' } };
    case 'shifts.unsentAlert':
      return { action: 'settings', detail: { kind: 'unsent-alert', minutes: String(input.minutes) } };
    case 'backup.configure':
      return { action: 'settings', detail: { kind: 'backup-configure', folder: input.folder === null || input.folder === undefined ? null : String(input.folder), passphraseChanged: Boolean(input.passphrase) } };
    case 'backup.inspect':
      return { action: 'settings', detail: { kind: 'backup-inspect', file: String(input.file) } };
    case 'backup.restore':
      return { action: 'settings', detail: { kind: 'backup-restore' } };
    case 'shopServer.pair':
    case 'shopServer.unpair':
    case 'shopServer.addAddress':
      return { action: 'settings', detail: { kind: 'settings', fields: [method] } };
    case 'updates.dismiss':
      return { action: 'settings', detail: { kind: 'update-dismiss', version: String(input.version) } };
    case 'customers.save':
      return customerTaxChange(input.customer as InvoiceCustomer, store);
    default:
      break;
  }
  if (method.startsWith('catalog.') && !CATALOG_READS.has(method)) return { action: 'catalog', detail: { kind: 'catalog', method } };
  if (method.startsWith('customers.') && !CUSTOMER_READS.has(method)) return { action: 'customer-tax', detail: { kind: 'customers', method } };
  return null;
}

function saleRef(id: unknown, store: Pick<Store, 'getSale'>): SaleRef {
  const sale = typeof id === 'number' ? store.getSale(id) : null;
  return { id: String(id), tillName: sale?.tillName ?? null, shortNumber: sale?.shortNumber ?? null, referenceCode: sale?.referenceCode ?? null };
}

/** A new buyer is a cashier's everyday work; changing a saved buyer's tax data is not. */
function customerTaxChange(customer: InvoiceCustomer, store: Pick<Store, 'customerTaxData'>): Restriction | null {
  const saved = store.customerTaxData(customer.identification_type, customer.identification);
  if (!saved) return null;
  const changed = CUSTOMER_TAX_FIELDS.filter((field) => saved[field] !== customer[field]);
  if (changed.length === 0) return null;
  const changes = changed.map((field) => ({ field, from: saved[field], to: customer[field] }));
  return { action: 'customer-tax', detail: { kind: 'customer-tax', identification: customer.identification, changes } };
}

/** "018900.50" and 18900.5 alike → "18900.5": decimals compared as text, never as binary floats. */
export function canonicalDecimal(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const [whole = '', fraction = ''] = text.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals ? `${digits}.${decimals}` : digits;
}

export interface PriceChange {
  index: number;
  code: string;
  /** Which fields need the owner: the price or tax, the discount, or both. */
  price: boolean;
  discount: boolean;
  /** What the line charges against what the catalog says, for the log. */
  line: PriceLineChange;
}

const taxRates = (taxes: ReadonlyArray<{ code: string; rate: number | string }>): TaxRate[] =>
  taxes.map((t) => ({ code: t.code, rate: canonicalDecimal(t.rate) }));

/**
 * Lines whose price or tax is not the catalog's (a product missing from the catalog counts: its price was typed),
 * or whose discount is above both the catalog's own discount and `maxDiscount`, the largest a cashier may give
 * alone (percent; discounts have at most 2 decimals, so comparing them as numbers is exact).
 */
export function priceChanges(items: readonly InvoiceItem[], store: Pick<Store, 'catalogPrice'>, maxDiscount: number): PriceChange[] {
  const changes: PriceChange[] = [];
  items.forEach((item, index) => {
    const catalog = store.catalogPrice(item.code);
    const charged = { chargedPrice: canonicalDecimal(item.price), chargedTaxes: taxRates(item.taxes) };
    const catalogDiscount = catalog ? canonicalDecimal(catalog.discountRate) : '0';
    const discount = canonicalDecimal(item.discount_rate) !== catalogDiscount && Number(item.discount_rate) > maxDiscount;
    const discountFacts = discount ? { catalogDiscount, chargedDiscount: canonicalDecimal(item.discount_rate) } : {};
    if (!catalog) {
      changes.push({ index, code: item.code, price: true, discount, line: { code: item.code, name: item.name, catalogPrice: null, catalogTaxes: [], ...charged, ...discountFacts } });
      return;
    }
    const catalogTaxes = catalog.taxCode === null || catalog.taxRate === null ? [] : [{ code: catalog.taxCode, rate: catalog.taxRate }];
    const samePrice = canonicalDecimal(item.price) === canonicalDecimal(catalog.price);
    const sameTax = catalogTaxes.length === item.taxes.length
      && catalogTaxes.every((t, i) => item.taxes[i]?.code === t.code && canonicalDecimal(item.taxes[i]?.rate ?? '') === canonicalDecimal(t.rate));
    if (samePrice && sameTax && !discount) return;
    changes.push({
      index, code: item.code, price: !(samePrice && sameTax), discount,
      line: { code: item.code, name: item.name, catalogPrice: canonicalDecimal(catalog.price), catalogTaxes: taxRates(catalogTaxes), ...charged, ...discountFacts },
    });
  });
  return changes;
}
