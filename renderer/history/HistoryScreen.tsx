/** F9: every sale of this till, searchable by text and state, with the detail of the chosen one. */
import { useEffect, useState, type ReactNode } from 'react';
import type { SaleState, SaleSummaryDto, TillDto } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { SelectField, TextField } from '../app/fields';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { useText } from '../i18n/use-text';
import { SaleDetail } from './SaleDetail';
import { SaleList } from './SaleList';
import { useSaleUpdates } from './use-sale-updates';

const STATES: SaleState[] = ['waiting', 'sending', 'queued', 'validated', 'needs_attention'];
const PAGE = 100;

export function HistoryScreen(): ReactNode {
  const t = useText();
  const notify = useApp((s) => s.notify);
  const updates = useSaleUpdates();
  const [text, setText] = useState('');
  const [state, setState] = useState<SaleState | ''>('');
  const [sales, setSales] = useState<SaleSummaryDto[]>([]);
  const [total, setTotal] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  // Sales of several tills meet in one history (a restored or merged file): then they can be told apart.
  const [till, setTill] = useState('');
  const [tills, setTills] = useState<TillDto[]>([]);
  useEffect(() => { void bridge.call('sales.tills', {}).then((answer) => { if (answer.ok) setTills(answer.value); }); }, [updates]);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const query = text.trim();
      void bridge.call('sales.search', { limit: PAGE, ...(query ? { text: query } : {}), ...(state ? { state } : {}), ...(till ? { tillId: till } : {}) })
        .then((answer) => {
          if (!live) return;
          if (answer.ok) {
            setSales(answer.value.sales);
            setTotal(answer.value.total);
          } else notify('error', describeBridgeError(answer.error, t));
        });
    }, 150);
    return () => { live = false; clearTimeout(timer); };
  }, [text, state, till, updates, reload, notify]);

  return (
    <div className="history-screen">
      <section className="panel" aria-labelledby="history-title">
        <h1 id="history-title">{t.history} <kbd>F9</kbd></h1>
        <form className="row" role="search" onSubmit={(e) => e.preventDefault()}>
          <TextField id="history-text" type="search" label={t.historySearch} value={text} onChange={setText}
            placeholder={t.historySearchHint} />
          <SelectField id="history-state" label={t.state} value={state} onChange={(v) => setState(v as SaleState | '')}
            options={[['', t.allStates], ...STATES.map((s) => [s, t.saleState[s]] as const)]} />
          {tills.length > 1 ? (
            <SelectField id="history-till" label={t.till} value={till} onChange={setTill}
              options={[['', t.allTills], ...tills.map((x) => [x.tillId, `${x.tillName} (${x.tillId})`] as const)]} />
          ) : null}
        </form>
        <p className="muted" aria-live="polite">{t.salesCount(sales.length, total)}</p>
        <SaleList sales={sales} selectedId={selected} onSelect={setSelected} />
      </section>
      {selected !== null ? <SaleDetail id={selected} version={`${updates}|${reload}`} onChanged={() => setReload((r) => r + 1)} /> : null}
    </div>
  );
}
