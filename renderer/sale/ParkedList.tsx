/** "Recuperar" opened: the parked sales, the first one focused; choosing one brings it back. In the late chunk. */
import type { ReactNode } from 'react';
import type { ParkedSaleDto } from '../../shared/bridge/types';
import { useCounterText } from '../i18n/counter-text';

interface Props { parked: ParkedSaleDto[]; busy: boolean; close(): void; recall(number: number): void }

/** `recall` brings one back (park-sale.ts), passed in so this late part does not import the counter's moves. */
export function ParkedList({ parked, busy, close, recall }: Props): ReactNode {
  const t = useCounterText();
  if (parked.length === 0) return <p className="muted" id="parked-list"><span id="parked-first" tabIndex={-1}>{t.parkedNone}</span></p>;
  return (
    <ul id="parked-list" className="parked-list">
      {parked.map((p, i) => (
        <li key={p.number}>
          <button type="button" id={i === 0 ? 'parked-first' : undefined} disabled={busy} aria-label={t.recallSale(p.number)}
            onClick={() => { close(); recall(p.number); }}>
            {t.parkedItem(p.number, p.lineCount, p.customerName ?? t.consumidorFinal)}
            <span className="muted"> · {p.products.join(', ')}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
