/**
 * "Catálogo de la tienda" (issue 21): the shop server's catalog, edited once for every till with the till's own
 * product form (the same rule, shared/product.ts). A save carries the version the owner opened; when someone else
 * saved the product meanwhile, the form shows the current version and says so instead of overwriting it.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { ShopProduct } from '../../shared/shop/contract';
import { formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { ListDetail } from '../app/ListDetail';
import { bridge } from '../bridge/client';
import { ProductForm, type ProductSave } from '../catalog/ProductForm';
import { taxLabel } from '../format/tax-name';
import { useScreenText } from '../i18n/screen-text';
import { catalogProductOf, listedShelfPrice } from './shop-product-dto';
import { useRecordPage } from './use-record-page';

interface Editing { product: ShopProduct | null; stale: string | null; form: number }

export function ShopCatalogView({ onClosed }: { onClosed(): void }): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const notify = useApp((s) => s.notify);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useRecordPage('shop.products', (v) => ({ rows: v.products, total: v.total }), onClosed);
  useEffect(() => { if (list.problem) notify('error', list.problem); }, [list.problem]);

  const save: ProductSave = async (product) => {
    const opened = editing?.product ?? null;
    const answer = await bridge.call('shop.saveProduct', { product, baseVersion: opened?.version ?? null });
    if (!answer.ok) {
      if (answer.error.reason === 'BACK_OFFICE_CLOSED') { onClosed(); return null; }
      return answer;
    }
    if (answer.value.outcome === 'stale') {
      const current = answer.value.current;
      setEditing({ product: current, stale: opened ? t.shopStaleProduct : t.shopStaleNew, form: Date.now() });
      list.reload();
      return null;
    }
    return { ok: true, value: catalogProductOf(answer.value.record) }; // the form says "Producto guardado"
  };

  const panel = editing ? (
    <section aria-labelledby="shop-product-title">
      <h2 id="shop-product-title">{editing.product ? `${t.catalogEdit}: ${editing.product.name}` : t.catalogNew}</h2>
      {editing.product ? <p className="muted">{t.shopVersion(editing.product.version)}</p> : null}
      {editing.stale ? <p role="status" className="day-warning" data-testid="shop-stale">{editing.stale}</p> : null}
      <ProductForm key={editing.form} product={editing.product ? catalogProductOf(editing.product) : null} save={save}
        onSaved={() => { setEditing(null); list.reload(); }} onCancel={() => setEditing(null)} />
    </section>
  ) : null;

  return (
    <ListDetail panel={panel} panelLabel={t.catalogEdit} panelKey={editing ? editing.form : null} onClosePanel={() => setEditing(null)}
      list={(
        <section className="shop-records" aria-label={t.ownerCatalog}>
          <p className="muted">{t.shopRecordsNote}</p>
          <div className="row owner-search">
            <label className="field">{t.shopSearchProducts}
              <input type="search" value={list.text} maxLength={120} onChange={(e) => list.setText(e.target.value)} />
            </label>
            <button type="button" onClick={() => setEditing({ product: null, stale: null, form: Date.now() })}>{t.catalogNew}</button>
          </div>
          <p role="status" className="muted">{t.shopProductsFound(list.rows.length, list.total)}</p>
          {list.rows.length > 0 ? (
            <table className="fit-table compact-rows" data-testid="shop-products">
              <caption className="visually-hidden">{t.ownerCatalog}</caption>
              <thead><tr>
                <th scope="col" className="col-p2">{t.catalogCode}</th><th scope="col">{t.catalogName}</th>
                <th scope="col" className="num">{t.catalogPrice}</th><th scope="col" className="col-p3">{t.catalogTax}</th>
                <th scope="col"><span className="visually-hidden">{t.actions}</span></th>
              </tr></thead>
              <tbody>{list.rows.map((p) => {
                const shelf = listedShelfPrice(p);
                return (
                <tr key={p.code} className={p.active ? '' : 'inactive'}>
                  <td className="product-code col-p2 nowrap">{p.code}</td>
                  <td>{p.name}{p.active ? null : <> <span className="state">{t.catalogInactive}</span></>}{p.category ? <span className="line-code">{p.category}</span> : null}</td>
                  <td className="num">
                    {formatCop(String(p.price), locale)}
                    {shelf !== null ? <span className="line-code">{t.catalogShelfOf(formatCop(shelf, locale))}</span> : null}
                  </td>
                  <td className="col-p3 nowrap">{p.tax ? taxLabel(p.tax.code, String(p.tax.rate), locale) : '—'}</td>
                  <td><div className="row-actions">
                    <button type="button" aria-label={`${t.catalogEdit}: ${p.name}`} onClick={() => setEditing({ product: p, stale: null, form: Date.now() })}>{t.catalogEdit}</button>
                  </div></td>
                </tr>
                );
              })}</tbody>
            </table>
          ) : null}
          {list.canMore ? <button type="button" onClick={list.more}>{t.shopMore}</button> : null}
        </section>
      )} />
  );
}

