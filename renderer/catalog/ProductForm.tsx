/**
 * One product, created or edited by the owner. A shelf price shows the base it is invoiced with, or the difference
 * when none pays it exactly. The till's catalog saves it here (catalog.save); Tienda passes its own `save`, which
 * saves it at the shop server for every till, with the same form and the same rule (shared/product.ts).
 */
import { useState, type ReactNode } from 'react';
import type { BridgeEnvelope } from '../../shared/bridge/contract';
import type { CatalogProductDto } from '../../shared/bridge/types';
import type { ProductInput } from '../../shared/product';
import { UNIT_MEASURES } from '../../shared/codes';
import { formatCop } from '../../shared/money';
import { regroupMoneyText } from '../format/decimal-text';
import { taxTypeOptions } from '../format/tax-name';
import { useApp } from '../app/app-store';
import { CheckField, SelectField, TextField, codeOptions } from '../app/fields';
import { describeBridgeError, localizeFieldMessage } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';
import { EMPTY_PRODUCT, draftOfProduct, readProductDraft, type ProductDraft } from './product-draft';

/** Saves elsewhere than this till's catalog; null: the caller dealt with the answer itself (a stale version). */
export type ProductSave = (input: ProductInput, mode: 'create' | 'update') => Promise<BridgeEnvelope<CatalogProductDto> | null>;

export function ProductForm(p: { product: CatalogProductDto | null; onSaved(product: CatalogProductDto): void; onCancel(): void; save?: ProductSave }): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const notify = useApp((s) => s.notify);
  const [draft, setDraft] = useState<ProductDraft>(() => (p.product ? draftOfProduct(p.product, locale) : EMPTY_PRODUCT));
  const [touched, setTouched] = useState(false);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const read = readProductDraft(draft, locale);
  const set = (patch: Partial<ProductDraft>) => { setDraft({ ...draft, ...patch }); setServerProblems({}); };
  const problem = (field: string): string | null => {
    const message = serverProblems[`product.${field}`] ?? (touched ? read.problems[field] : undefined);
    return message ? localizeFieldMessage(message, t) : null;
  };
  const money = (amount: string) => formatCop(amount, locale);

  async function save() {
    setTouched(true);
    if (!read.input || (read.shelf && !read.shelf.exact && !draft.acceptDifference)) return;
    setSaving(true);
    const mode = p.product ? 'update' : 'create';
    const answer = p.save ? await p.save(read.input, mode) : await callWithOwner('catalog.save', { product: read.input, mode }, 'catalog',
      p.product ? t.approveProductSave(read.input.name) : t.approveProductCreate(read.input.name));
    setSaving(false);
    if (answer === null) return;
    if (answer.ok) {
      notify('info', t.catalogSaved(answer.value.name));
      p.onSaved(answer.value);
    } else {
      setServerProblems(answer.error.fields ?? {});
      notify('error', describeBridgeError(answer.error, t));
    }
  }

  const shelf = read.shelf;
  return (
    <form className="product-form" aria-label={p.product ? `${t.catalogEdit} ${p.product.code}` : t.catalogNew}
      onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <TextField id="product-code" label={t.catalogCode} value={draft.code} readOnly={p.product !== null} error={problem('code')} onChange={(code) => set({ code })} />
      <TextField id="product-name" label={t.catalogName} value={draft.name} error={problem('name')} onChange={(name) => set({ name })} />
      <TextField id="product-barcodes" label={t.catalogBarcodes} hint={t.catalogBarcodesHint} value={draft.barcodes} error={problem('barcodes')} onChange={(barcodes) => set({ barcodes })} />
      <SelectField id="product-unit" label={t.catalogUnit} value={draft.unitMeasure} options={codeOptions(UNIT_MEASURES)} onChange={(unitMeasure) => set({ unitMeasure })} />
      <TextField id="product-category" label={t.catalogCategory} value={draft.category} error={problem('category')} onChange={(category) => set({ category })} />
      <SelectField id="product-price-entry" label={t.catalogPriceEntry} value={draft.priceEntry}
        options={[['shelf', t.catalogPriceShelf], ['base', t.catalogPriceBase]]}
        onChange={(value) => set({ priceEntry: value === 'base' ? 'base' : 'shelf', acceptDifference: false })} />
      <TextField id="product-price" label={t.catalogPrice} inputMode="decimal" value={draft.price} error={problem('price')}
        onChange={(price) => set({ price, acceptDifference: false })} onBlur={() => set({ price: regroupMoneyText(draft.price, locale) })} />
      <SelectField id="product-tax" label={t.catalogTax} value={draft.taxCode} options={[['', t.catalogNoTax], ...taxTypeOptions()]}
        onChange={(taxCode) => set({ taxCode, acceptDifference: false })} />
      {draft.taxCode !== '' ? (
        <TextField id="product-tax-rate" label={t.catalogTaxRate} inputMode="decimal" value={draft.taxRate} error={problem('tax')}
          onChange={(taxRate) => set({ taxRate, acceptDifference: false })} />
      ) : null}
      <TextField id="product-discount" label={t.catalogDiscount} inputMode="decimal" value={draft.discountRate} error={problem('discountRate')}
        onChange={(discountRate) => set({ discountRate, acceptDifference: false })} />
      {shelf ? (
        <div className={`shelf-check ${shelf.exact ? '' : 'shelf-miss'}`} role="status" data-testid="shelf-check">
          {shelf.exact
            ? <p>{t.catalogBaseIs(money(shelf.price), money(shelf.payable))}</p>
            : <p>{t.catalogShelfMiss(money(read.input?.price.toFixed(2) ?? '0'), money(shelf.payable), money(shelf.difference.replace('-', '')))}</p>}
          {shelf.driftsAtQuantity !== null ? <p className="muted">{t.catalogDrift(shelf.driftsAtQuantity)}</p> : null}
          {!shelf.exact ? <CheckField id="product-accept-difference" label={t.catalogAcceptDifference} checked={draft.acceptDifference} onChange={(acceptDifference) => set({ acceptDifference })} /> : null}
        </div>
      ) : null}
      <CheckField id="product-active" label={t.catalogActive} checked={draft.active} onChange={(active) => set({ active })} />
      <CheckField id="product-quick-key" label={t.catalogQuickKey} checked={draft.quickKey} onChange={(quickKey) => set({ quickKey })} />
      {draft.quickKey ? (
        <TextField id="product-quick-key-order" label={t.catalogQuickKeyOrder} hint={t.catalogQuickKeyOrderHint} inputMode="numeric"
          value={draft.quickKeyOrder} error={problem('quickKeyOrder')} onChange={(quickKeyOrder) => set({ quickKeyOrder })} />
      ) : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>{t.catalogSave}</button>
        <button type="button" onClick={p.onCancel}>{t.cancel}</button>
      </div>
    </form>
  );
}
