/** The owner's catalog: search (inactive products too), create, edit, deactivate; CSV import and export. */
import { useEffect, useState, type ReactNode } from 'react';
import type { CatalogProductDto } from '../../shared/bridge/types';
import { formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { CheckField, TextField } from '../app/fields';
import { downloadText } from '../app/file-base64';
import { ListDetail } from '../app/ListDetail';
import { BackOffice, Toolbar } from '../app/Toolbar';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { taxLabel } from '../format/tax-name';
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';
import { ImportPanel } from './ImportPanel';
import { ProductForm } from './ProductForm';

const PAGE = 100;

export function CatalogScreen(): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const notify = useApp((s) => s.notify);
  const [text, setText] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const [products, setProducts] = useState<CatalogProductDto[]>([]);
  const [total, setTotal] = useState(0);
  const [editing, setEditing] = useState<CatalogProductDto | 'new' | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void bridge.call('catalog.list', { text: text.trim(), includeInactive, limit: PAGE }).then((answer) => {
        if (!live) return;
        if (answer.ok) { setProducts(answer.value.products); setTotal(answer.value.total); } else notify('error', describeBridgeError(answer.error, t));
      });
    }, 150);
    return () => { live = false; clearTimeout(timer); };
  }, [text, includeInactive, reload, notify, t]);

  async function toggle(p: CatalogProductDto) {
    const answer = await callWithOwner('catalog.setActive', { code: p.code, active: !p.active }, 'catalog',
      p.active ? t.approveProductDeactivate(p.name) : t.approveProductActivate(p.name));
    if (answer.ok) setReload((n) => n + 1); else notify('error', describeBridgeError(answer.error, t));
  }

  async function exportCsv() {
    const answer = await bridge.call('catalog.export', {});
    if (!answer.ok) { notify('error', describeBridgeError(answer.error, t)); return; }
    downloadText(answer.value.fileName, answer.value.text);
    notify('info', t.catalogExported(answer.value.fileName));
  }

  const form = editing === null ? null : (
    <section className="panel" aria-label={editing === 'new' ? t.catalogNew : t.catalogEdit}>
      <h2>{editing === 'new' ? t.catalogNew : `${t.catalogEdit}: ${editing.name}`}</h2>
      <ProductForm key={editing === 'new' ? 'new' : editing.code} product={editing === 'new' ? null : editing}
        onSaved={() => { setEditing(null); setReload((n) => n + 1); }} onCancel={() => setEditing(null)} />
    </section>
  );
  return (
    <BackOffice className="catalog-screen">
      <Toolbar title={t.catalogTitle}>
        <div className="toolbar-tools">
          <TextField id="catalog-search" className="grow" type="search" label={t.catalogSearch} hint={t.catalogSearchHint} value={text} onChange={setText} />
          <CheckField id="catalog-inactive" label={t.catalogShowInactive} checked={includeInactive} onChange={setIncludeInactive} />
          <button type="button" onClick={() => setEditing('new')}>{t.catalogNew}</button>
          <button type="button" onClick={() => void exportCsv()}>{t.catalogExport}</button>
        </div>
      </Toolbar>
      {/* Nothing being edited: the panel holds the CSV import. */}
      <ListDetail panelKey={editing === null ? null : editing === 'new' ? `new-${reload}` : editing.code}
        onClosePanel={editing !== null ? () => setEditing(null) : undefined}
        panel={form ?? <ImportPanel onImported={() => setReload((n) => n + 1)} />}
        list={(
          <section className="catalog-list" aria-label={t.catalogTitle}>
            <p className="muted">{t.catalogCount(products.length, total)}</p>
            <table className="catalog-table fit-table compact-rows">
              <thead><tr>
                <th scope="col" className="col-p2">{t.catalogCode}</th><th scope="col">{t.catalogName}</th><th scope="col" className="col-p4">{t.catalogBarcodes}</th>
                <th scope="col" className="num">{t.catalogPrice}</th><th scope="col" className="col-p3">{t.catalogTax}</th><th scope="col"><span className="visually-hidden">{t.actions}</span></th>
              </tr></thead>
              <tbody>
                {products.map((p) => (
                  <tr key={p.code} className={p.active ? '' : 'inactive'}>
                    <td className="product-code col-p2 nowrap">{p.code}</td>
                    <td>{p.name}{p.active ? null : <> <span className="state">{t.catalogInactive}</span></>}{p.category ? <span className="line-code">{p.category}</span> : null}</td>
                    <td className="product-code col-p4">{p.barcodes.join(' ')}</td>
                    <td className="num">
                      {formatCop(p.price, locale)}
                      {p.shelfPrice !== null ? <span className="line-code">{t.catalogShelfOf(formatCop(p.shelfPrice, locale))}</span> : null}
                    </td>
                    <td className="col-p3 nowrap">{p.taxCode ? taxLabel(p.taxCode, p.taxRate ?? '0', locale) : '—'}</td>
                    <td>
                      <div className="row-actions">
                        <button type="button" onClick={() => setEditing(p)}>{t.catalogEdit}</button>
                        <button type="button" onClick={() => void toggle(p)}>{p.active ? t.catalogDeactivate : t.catalogActivate}</button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )} />
    </BackOffice>
  );
}
