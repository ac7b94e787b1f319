/** F2: search the catalog by name, code or barcode; Enter adds the highlighted product; scans add directly. */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ProductDto } from '../../shared/bridge/types';
import { focusSoon, useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { unitPriceOf } from '../format/unit-price';
import { useText } from '../i18n/use-text';
import { addToSale } from './add-to-sale';
import { focusSearchKeepingText } from './counter-keys';
import { trackScan } from './scans-in-flight';
import { PRODUCT_SEARCH_ID, useSearchText } from './search-text';

const LOOKS_LIKE_BARCODE = /^\d{6,14}$/;

/** Focuses the cart's last row (its button); false when the cart is empty. */
function focusLastCartRow(): boolean {
  const rows = document.querySelectorAll<HTMLButtonElement>('.cart button.line-open');
  const last = rows[rows.length - 1];
  last?.focus();
  return last !== undefined;
}

export function ProductSearch(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const notify = useApp((s) => s.notify);
  // Kept outside the box: what was typed while the receipt was on screen is here when the counter comes back.
  const text = useSearchText((s) => s.text);
  const setText = useSearchText((s) => s.set);
  const [results, setResults] = useState<ProductDto[]>([]);
  const [active, setActive] = useState(0);
  const request = useRef(0);

  // The counter starts ready to type or scan: the search box has the focus when the sale screen appears. Text typed
  // meanwhile stays as it is, the caret after it, before any further key can arrive (a layout effect).
  useLayoutEffect(() => {
    if (useSearchText.getState().text === '' || !focusSearchKeepingText()) focusSoon(PRODUCT_SEARCH_ID);
  }, []);

  useEffect(() => {
    const query = text.trim();
    const id = ++request.current;
    if (query === '') {
      setResults([]);
      return;
    }
    const timer = setTimeout(() => {
      void bridge.call('catalog.search', { text: query, limit: 8 }).then((answer) => {
        if (id !== request.current) return; // a newer search is on its way
        setResults(answer.ok ? answer.value : []);
        setActive(0);
      });
    }, 120);
    return () => clearTimeout(timer);
  }, [text]);

  const pick = (product: ProductDto) => {
    if (addToSale(product) === null) return;
    request.current++;
    setText('');
    setResults([]);
  };

  // Tracked until the product is in the cart, so an F12 pressed right after the scan charges it too.
  const addByBarcode = (code: string): Promise<boolean> => trackScan((async () => {
    const answer = await bridge.call('catalog.byBarcode', { barcode: code });
    if (answer.ok && answer.value) {
      pick(answer.value);
      return true;
    }
    return false;
  })());

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // ↑ in an empty search goes to the cart's last line (the one just scanned, usually): Enter then opens it.
    if (event.key === 'ArrowUp' && results.length === 0 && text === '' && focusLastCartRow()) {
      event.preventDefault();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (results.length ? (i + step + results.length) % results.length : 0));
    } else if (event.key === 'Escape' && (results.length > 0 || text !== '')) {
      event.stopPropagation(); // Esc first empties the search; the next Esc goes to the app
      request.current++;
      setText('');
      setResults([]);
    } else if (event.key === 'Enter' && !event.ctrlKey) {
      event.preventDefault();
      const query = text.trim();
      const highlighted = results[active];
      if (LOOKS_LIKE_BARCODE.test(query)) {
        void addByBarcode(query).then((found) => {
          if (!found && highlighted) pick(highlighted);
          else if (!found) notify('error', t.barcodeNotFound(query));
        });
      } else if (highlighted) {
        pick(highlighted);
      } else if (query) {
        notify('error', t.productNotFound(query));
      }
    }
  };

  const open = results.length > 0;
  return (
    <div className="product-search">
      <label htmlFor="product-search">{t.productSearch} <kbd>F2</kbd></label>
      <input
        id="product-search" type="search" value={text} autoComplete="off" spellCheck={false} data-wedge="capture"
        placeholder={t.productSearchHint} role="combobox" aria-expanded={open} aria-controls="product-results"
        aria-autocomplete="list" aria-activedescendant={open ? `product-option-${active}` : undefined}
        onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown}
      />
      <ul id="product-results" role="listbox" aria-label={t.productResults} className="product-results" hidden={!open}>
        {results.map((product, i) => {
          const price = unitPriceOf(product, locale);
          return (
          <li
            key={product.code} id={`product-option-${i}`} role="option" aria-selected={i === active}
            className={i === active ? 'active' : ''} onMouseDown={(e) => e.preventDefault()} onClick={() => pick(product)}
          >
            <span className="product-name">{product.name}</span>
            <span className="product-code">{product.barcode ?? product.code}</span>
            {/* What the customer pays, as the quick key and the shelf say it; the base before tax beside it, small. */}
            <span className="product-price">
              {price.payable}
              {price.base ? <small className="product-base">{t.basePrice(price.base)}</small> : null}
            </span>
          </li>
          );
        })}
      </ul>
    </div>
  );
}
