/**
 * What a cashier cannot do without an owner, read from a bridge call's validated input: change a price or a tax
 * at the counter, edit the catalog or a customer's tax data, change Settings, send a needing-attention sale again,
 * manage people or read the override log. The core applies these whatever the screen shows.
 */
import type { InvoiceCustomer, InvoiceItem } from '../../../shared/api/invoice-request';
import type { GuardedAction } from '../../../shared/people';
import type { Store } from '../store';
import { CUSTOMER_TAX_FIELDS } from '../store/people';

export interface Restriction {
  action: GuardedAction;
  /** What was done, in words the override log shows the owner. */
  detail: string;
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
      return { action: 'settings', detail: `Settings changed: ${Object.keys(input).sort().join(', ') || 'nothing'}` };
    case 'settings.saveConnection':
      return { action: 'settings', detail: `Connection set to ${String(input.baseUrl)} (${String(input.clientId)})` };
    case 'settings.useDemo':
      return { action: 'settings', detail: 'Switched to the demo service' };
    case 'printer.save':
      return { action: 'settings', detail: 'Receipt printer settings changed' };
    case 'sales.retry': {
      const sale = typeof input.id === 'number' ? store.getSale(input.id) : null;
      return { action: 'retry', detail: `Sale ${sale ? `${sale.shortNumber} (${sale.referenceCode})` : String(input.id)} sent again` };
    }
    case 'corrections.correct':
    case 'corrections.void': {
      const sale = typeof input.saleId === 'number' ? store.getSale(input.saleId) : null;
      const which = sale ? `${sale.shortNumber} (${sale.referenceCode})` : String(input.saleId);
      return { action: 'correction', detail: method === 'corrections.void' ? `Sale ${which} voided` : `Sale ${which} corrected and sent again` };
    }
    case 'people.save':
      return { action: 'people', detail: `Person saved: ${String((input.person as Input | undefined)?.name ?? '')}` };
    case 'people.overrides':
      return { action: 'overrides', detail: 'Override log read' };
    case 'shifts.unsentAlert':
      return { action: 'settings', detail: `Unsent sales highlighted after ${String(input.minutes)} minutes` };
    case 'customers.save':
      return customerTaxChange(input.customer as InvoiceCustomer, store);
    default:
      break;
  }
  if (method.startsWith('catalog.') && !CATALOG_READS.has(method)) return { action: 'catalog', detail: `Catalog: ${method}` };
  if (method.startsWith('customers.') && !CUSTOMER_READS.has(method)) return { action: 'customer-tax', detail: `Customers: ${method}` };
  return null;
}

/** A new buyer is a cashier's everyday work; changing a saved buyer's tax data is not. */
function customerTaxChange(customer: InvoiceCustomer, store: Pick<Store, 'customerTaxData'>): Restriction | null {
  const saved = store.customerTaxData(customer.identification_type, customer.identification);
  if (!saved) return null;
  const changed = CUSTOMER_TAX_FIELDS.filter((field) => saved[field] !== customer[field]);
  if (changed.length === 0) return null;
  const what = changed.map((field) => `${field} ${saved[field]} → ${customer[field]}`).join(', ');
  return { action: 'customer-tax', detail: `Customer ${customer.identification}: ${what}` };
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
  /** What the line charges against what the catalog says, in words for the log. */
  detail: string;
}

const taxText = (taxes: ReadonlyArray<{ code: string; rate: number | string }>): string =>
  taxes.length === 0 ? 'no tax' : taxes.map((t) => `${t.code} ${canonicalDecimal(t.rate)} %`).join(' + ');

/**
 * Lines whose price or tax is not the catalog's (a product missing from the catalog counts: its price was typed).
 * Discounts are not a price change here.
 */
export function priceChanges(items: readonly InvoiceItem[], store: Pick<Store, 'catalogPrice'>): PriceChange[] {
  const changes: PriceChange[] = [];
  items.forEach((item, index) => {
    const catalog = store.catalogPrice(item.code);
    const charged = `price ${canonicalDecimal(item.price)}, ${taxText(item.taxes)}`;
    if (!catalog) {
      changes.push({ index, code: item.code, detail: `${item.code} ${item.name}: not in the catalog; ${charged}` });
      return;
    }
    const catalogTaxes = catalog.taxCode === null || catalog.taxRate === null ? [] : [{ code: catalog.taxCode, rate: catalog.taxRate }];
    const samePrice = canonicalDecimal(item.price) === canonicalDecimal(catalog.price);
    const sameTax = catalogTaxes.length === item.taxes.length
      && catalogTaxes.every((t, i) => item.taxes[i]?.code === t.code && canonicalDecimal(item.taxes[i]?.rate ?? '') === canonicalDecimal(t.rate));
    if (samePrice && sameTax) return;
    changes.push({
      index, code: item.code,
      detail: `${item.code} ${item.name}: catalog price ${canonicalDecimal(catalog.price)}, ${taxText(catalogTaxes)}; charged ${charged}`,
    });
  });
  return changes;
}
