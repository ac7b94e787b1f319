/**
 * An owner's approval in the chosen language, from the facts the core recorded (shared/override-detail.ts):
 * "Café molido (CAF-500): precio del catálogo $ 11.200 con IVA 5 %; cobrado $ 10.500 con IVA 5 %". Rows older than
 * those facts are shown with their original words.
 */
import type { Locale } from '../../shared/bridge/types';
import { formatCop } from '../../shared/money';
import type { OverrideDetail, SaleRef, TaxRate } from '../../shared/override-detail';
import { formatDateTime } from '../format/date-time';
import { saleNumberLabel } from '../format/sale-number';
import { taxLabel } from '../format/tax-name';
import type { Messages } from '../i18n/messages';

export function overrideText(detail: OverrideDetail, t: Messages, locale: Locale): string {
  const said = t.overrideSaid;
  const money = (amount: string) => (/^\d+(\.\d+)?$/.test(amount) ? formatCop(amount, locale) : amount);
  const priced = (price: string, list: TaxRate[]) => (list.length === 0
    ? said.priceWithoutTax(money(price))
    : said.priceWithTax(money(price), list.map((x) => taxLabel(x.code, x.rate, locale)).join(' + ')));
  const sale = (s: SaleRef) => (s.shortNumber !== null ? saleNumberLabel(s.tillName || t.till, s.shortNumber) : s.referenceCode ?? s.id);
  switch (detail.kind) {
    case 'price-approved': return said.priceApproved(detail.code);
    case 'price':
      return detail.lines.map((l) => {
        const product = `${l.name} (${l.code})`;
        const charged = priced(l.chargedPrice, l.chargedTaxes);
        const line = l.catalogPrice === null ? said.notInCatalog(product, charged) : said.priceLine(product, priced(l.catalogPrice, l.catalogTaxes), charged);
        return l.chargedDiscount === undefined ? line : `${line}, ${said.discountLine(l.catalogDiscount ?? '0', l.chargedDiscount)}`;
      }).join('; ');
    case 'settings': return said.settings(detail.fields.map((f) => t.settingsFieldNames[f] ?? f).join(', ') || said.nothing);
    case 'connection': return said.connection(detail.baseUrl, detail.clientId);
    case 'demo': return said.demo;
    case 'printer': return said.printer;
    case 'retry': return said.retry(sale(detail.sale));
    case 'correction': return detail.voided ? said.voided(sale(detail.sale)) : said.corrected(sale(detail.sale));
    case 'person': return said.person(detail.name);
    case 'overrides-read': return said.overridesRead;
    case 'unsent-alert': return said.unsentAlert(detail.minutes);
    case 'backup-configure': return said.backupConfigure(detail.folder, detail.passphraseChanged);
    case 'backup-inspect': return said.backupInspect(detail.file);
    case 'backup-restore': return said.backupRestore;
    case 'update-dismiss': return said.updateDismiss(detail.version);
    case 'customer-tax':
      return said.customerTax(detail.identification, detail.changes.map((c) => {
        const field = Object.hasOwn(t.fieldNames, c.field) ? t.fieldNames[c.field as keyof Messages['fieldNames']] : c.field;
        return `${field} ${c.from} → ${c.to}`;
      }).join(', '));
    case 'catalog': return said.catalog(t.overrideMethods[detail.method] ?? detail.method);
    case 'customers': return said.customers(t.overrideMethods[detail.method] ?? detail.method);
    case 'pin-lockout': return said.pinLockout(detail.name, detail.wrong, formatDateTime(detail.until, locale), detail.via === 'owner-pin');
    case 'text': return said.originalText(detail.text);
  }
}
