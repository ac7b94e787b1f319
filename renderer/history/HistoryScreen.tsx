/**
 * F9: every sale of this file, found by number, reference, buyer, NIT or CUFE and filtered by date, state, till,
 * who sold it and payment means; a list drawn a screenful at a time, loaded page by page, with the chosen sale's detail.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PersonDto, SaleState, SaleSummaryDto, TillDto } from '../../shared/bridge/types';
import { PAYMENT_MEANS } from '../../shared/codes';
import { useApp } from '../app/app-store';
import { SelectField, TextField } from '../app/fields';
import { ListDetail } from '../app/ListDetail';
import { BackOffice, Toolbar } from '../app/Toolbar';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';
import { DATE_PRESETS, dateWindow, type DatePreset } from './date-range';
import { SaleDetail } from './SaleDetail';
import { SaleList } from './SaleList';
import { useSaleUpdates } from './use-sale-updates';
// The history's own styles come with its chunk, not in the counter's first download.
import '../styles/history.css';

const STATES: SaleState[] = ['waiting', 'sending', 'queued', 'validated', 'needs_attention'];
const PAGE = 100;

export function HistoryScreen(): ReactNode {
  const t = useScreenText();
  const notify = useApp((s) => s.notify);
  const updates = useSaleUpdates();
  const [text, setText] = useState('');
  const [state, setState] = useState<SaleState | ''>('');
  const [preset, setPreset] = useState<DatePreset>('all');
  const [customFrom, setCustomFrom] = useState('');
  const [customTo, setCustomTo] = useState('');
  const [cashier, setCashier] = useState('');
  const [means, setMeans] = useState('');
  const [sales, setSales] = useState<SaleSummaryDto[]>([]);
  const [total, setTotal] = useState(0);
  const [capped, setCapped] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [reload, setReload] = useState(0);
  // Sales of several tills meet in one history (a restored or merged file): then they can be told apart.
  const [till, setTill] = useState('');
  const [tills, setTills] = useState<TillDto[]>([]);
  const [people, setPeople] = useState<PersonDto[]>([]);
  useEffect(() => { void bridge.call('sales.tills', {}).then((answer) => { if (answer.ok) setTills(answer.value); }); }, [updates]);
  useEffect(() => {
    void bridge.call('people.session', {}).then((answer) => { if (answer.ok && answer.value.setUp) setPeople(answer.value.people); });
  }, []);

  const query = useCallback((offset: number) => {
    const words = text.trim();
    return bridge.call('sales.search', {
      limit: PAGE, offset, ...dateWindow(preset, new Date(), { from: customFrom, to: customTo }),
      ...(words ? { text: words } : {}), ...(state ? { state } : {}), ...(till ? { tillId: till } : {}),
      ...(cashier ? { cashierId: Number(cashier) } : {}), ...(means ? { paymentMeans: means as keyof typeof PAYMENT_MEANS } : {}),
    });
  }, [text, state, preset, customFrom, customTo, till, cashier, means]);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void query(0).then((answer) => {
        if (!live) return;
        if (answer.ok) {
          setSales(answer.value.sales);
          setTotal(answer.value.total);
          setCapped(answer.value.capped ?? false);
        } else notify('error', describeBridgeError(answer.error, t));
      });
    }, 150);
    return () => { live = false; clearTimeout(timer); };
  }, [query, updates, reload, notify]);

  // The next page, once at a time; a new search replaces the list (and drops a page still on its way).
  const loading = useRef(false);
  const loadMore = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    const from = sales.length;
    void query(from).then((answer) => {
      loading.current = false;
      if (!answer.ok) return;
      setSales((now) => (now.length === from ? [...now, ...answer.value.sales] : now));
      setTotal(answer.value.total);
      setCapped(answer.value.capped ?? false);
    });
  }, [query, sales.length]);

  const more = sales.length < total || capped;
  return (
    <BackOffice className="history-screen">
      <Toolbar titleId="history-title" title={<>{t.history} <kbd>F9</kbd></>}>
        <form className="toolbar-tools history-filters" role="search" onSubmit={(e) => e.preventDefault()}>
          <TextField id="history-text" className="grow" type="search" label={t.historySearch} value={text} onChange={setText}
            placeholder={t.historySearchHint} hint={t.historySearchHelp} />
          <SelectField id="history-date" label={t.historyDate} value={preset} onChange={(v) => setPreset(v as DatePreset)}
            options={DATE_PRESETS.map((p) => [p, t.historyDatePresets[p]] as const)} />
          {preset === 'custom' ? (
            <>
              <div className="field"><label htmlFor="history-from">{t.historyDateFrom}</label>
                <input id="history-from" type="date" value={customFrom} onChange={(e) => setCustomFrom(e.target.value)} /></div>
              <div className="field"><label htmlFor="history-to">{t.historyDateTo}</label>
                <input id="history-to" type="date" value={customTo} onChange={(e) => setCustomTo(e.target.value)} /></div>
            </>
          ) : null}
          <SelectField id="history-state" label={t.state} value={state} onChange={(v) => setState(v as SaleState | '')}
            options={[['', t.allStates], ...STATES.map((s) => [s, t.saleState[s]] as const)]} />
          <SelectField id="history-means" label={t.historyPaymentMeans} value={means} onChange={setMeans}
            options={[['', t.historyAllMeans], ...Object.entries(PAYMENT_MEANS).map(([code, name]) => [code, name] as const)]} />
          {people.length > 0 ? (
            <SelectField id="history-cashier" label={t.historyCashier} value={cashier} onChange={setCashier}
              options={[['', t.historyAllCashiers], ...people.map((p) => [String(p.id), p.name] as const)]} />
          ) : null}
          {tills.length > 1 ? (
            <SelectField id="history-till" label={t.till} value={till} onChange={setTill}
              options={[['', t.allTills], ...tills.map((x) => [x.tillId, `${x.tillName} (${x.tillId})`] as const)]} />
          ) : null}
        </form>
      </Toolbar>
      <ListDetail panelKey={selected} focusField={false} onClosePanel={() => setSelected(null)}
        list={(
          <>
            <p className="muted history-count" aria-live="polite">{capped ? t.salesCountCapped(sales.length, total) : t.salesCount(sales.length, total)}</p>
            <SaleList sales={sales} more={more} selectedId={selected} onSelect={setSelected} onNeedMore={loadMore} />
          </>
        )}
        panel={selected !== null ? <SaleDetail id={selected} version={`${updates}|${reload}`} onChanged={() => setReload((r) => r + 1)} /> : null} />
    </BackOffice>
  );
}
