/** "Suspender" sets the sale in progress aside; "Recuperar" lists the parked ones and brings one back. */
import { useEffect, useState, type ReactNode } from 'react';
import { useText } from '../i18n/use-text';
import { parkSale, recallSale, refreshParked } from './park-sale';
import { useSale } from './sale-store';

export function ParkedSales(): ReactNode {
  const t = useText();
  const parked = useSale((s) => s.parked);
  const busy = useSale((s) => s.charging);
  const empty = useSale((s) => s.lines.length === 0);
  const [open, setOpen] = useState(false);
  useEffect(() => { void refreshParked(); }, []);
  return (
    <section className="parked-sales" aria-label={t.parkedTitle}>
      <div className="row">
        <button type="button" onClick={() => void parkSale()} disabled={busy || empty}>{t.park}</button>
        <button type="button" aria-expanded={open} aria-controls="parked-list" onClick={() => setOpen((o) => !o)} disabled={parked.length === 0 && !open}>
          {t.recall} ({parked.length})
        </button>
      </div>
      {open ? (
        parked.length === 0 ? <p className="muted" id="parked-list">{t.parkedNone}</p> : (
          <ul id="parked-list" className="parked-list">
            {parked.map((p) => (
              <li key={p.number}>
                <button type="button" disabled={busy} aria-label={t.recallSale(p.number)}
                  onClick={() => { setOpen(false); void recallSale(p.number); }}>
                  {t.parkedItem(p.number, p.lineCount, p.customerName ?? t.consumidorFinal)}
                  <span className="muted"> · {p.products.join(', ')}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
