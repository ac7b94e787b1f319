/**
 * "Tienda" (issue 21): from a paired till the owner types the PIN, and on the back-office PC (the shop server's own
 * page, app.info's mode `back-office`) chooses their name and types it; then every till through the shop server:
 * the dashboard (its own chunk, with uPlot), the day report, History over every till's sales, each till's shifts
 * and Z, and the catalog, customers and people edited once for every till (each editor its own chunk). The session's
 * token stays in the core; leaving the screen ends it. While open, a long-poll of the server's change signal
 * reads the view again whenever a till pushes sales or shifts.
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { BackOfficeOwnerDto, BackOfficeSessionDto } from '../../shared/bridge/types';
import type { Dashboard } from '../../shared/shop/back-office';
import { useApp } from '../app/app-store';
import { BackOffice, Toolbar } from '../app/Toolbar';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';
import { DayReportView } from './DayReportView';
import { OwnerHistoryView } from './OwnerHistoryView';
import { serverAway, useChangeSignal } from './use-change-signal';
import { formatTime } from '../format/date-time';
import './owner.css';

// The dashboard and uPlot are their own chunk, fetched when the PIN gate shows: it downloads while the owner types
// the PIN and the server answers, instead of after the dashboard's figures arrive (bench:dashboard -- --draw).
const loadDashboard = () => import('./DashboardView').then((m) => ({ default: m.DashboardView }));
const DashboardView = lazy(loadDashboard);
// The editors bring the till's product and customer forms and the Z paper: loaded when first opened.
const ShopCatalogView = lazy(() => import('./ShopCatalogView').then((m) => ({ default: m.ShopCatalogView })));
const ShopCustomersView = lazy(() => import('./ShopCustomersView').then((m) => ({ default: m.ShopCustomersView })));
const ShopPeopleView = lazy(() => import('./ShopPeopleView').then((m) => ({ default: m.ShopPeopleView })));
const ShopShiftsView = lazy(() => import('./ShopShiftsView').then((m) => ({ default: m.ShopShiftsView })));

type View = 'dashboard' | 'day' | 'history' | 'catalog' | 'customers' | 'people' | 'shifts';

export function OwnerViewScreen(): ReactNode {
  const t = useScreenText();
  const backOfficePc = useApp((s) => s.info?.mode === 'back-office');
  const paired = useApp((s) => s.status?.shopServer != null) || backOfficePc;
  const [session, setSession] = useState<BackOfficeSessionDto | null>(null);
  /** Why the PIN is asked again: the session ended, or the server came back after a restart (issue 26). */
  const [ended, setEnded] = useState<false | 'ended' | 'restarted'>(false);

  // Leaving the screen ends the session at the server: the owner's PIN opens it, the next person finds it closed.
  useEffect(() => () => { void bridge.call('shop.closeBackOffice', {}); }, []);

  const closed = (afterLoss: boolean) => { setSession(null); setEnded(afterLoss ? 'restarted' : 'ended'); };
  return (
    <BackOffice className="owner-screen">
      <Toolbar titleId="owner-title" title={session ? t.ownerTitleOf(session.shopName) : t.ownerTitle}>
        {session ? (
          <div className="owner-session">
            <p className="muted">{t.ownerOpenedBy(session.personName)}</p>
            <button type="button" onClick={() => { void bridge.call('shop.closeBackOffice', {}); setSession(null); setEnded(false); }}>{t.ownerLeave}</button>
          </div>
        ) : null}
      </Toolbar>
      {session ? <OwnerViews onClosed={closed} /> : <PinGate paired={paired} chooseOwner={backOfficePc} ended={ended} onOpen={(s) => { setSession(s); setEnded(false); }} />}
    </BackOffice>
  );
}

interface GateProps {
  paired: boolean;
  /** The back-office PC: the owner chooses their name first (a till knows the owner by the PIN). */
  chooseOwner: boolean;
  ended: false | 'ended' | 'restarted';
  onOpen(session: BackOfficeSessionDto): void;
}

function PinGate({ paired, chooseOwner, ended, onOpen }: GateProps): ReactNode {
  const t = useScreenText();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(ended === 'restarted' ? t.ownerServerBack : ended ? t.ownerProblem.BACK_OFFICE_CLOSED ?? null : null);
  const owners = useOwners(chooseOwner, setProblem);
  const [personKey, setPersonKey] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => { input.current?.focus(); void loadDashboard().catch(() => {}); }, []);
  // One owner: nothing to choose.
  useEffect(() => { if (owners?.length === 1 && owners[0]) setPersonKey(owners[0].key); }, [owners]);

  const open = async (event: FormEvent) => {
    event.preventDefault();
    if (chooseOwner && !personKey) { setProblem(t.ownerChooseFirst); return; }
    setBusy(true);
    const answer = await bridge.call('shop.openBackOffice', chooseOwner ? { pin, personKey } : { pin });
    setBusy(false);
    setPin('');
    if (answer.ok) { onOpen(answer.value); return; }
    const reason = answer.error.reason ?? (answer.error.code === 'FORBIDDEN' ? 'NOT_OWNER' : '');
    setProblem(t.ownerProblem[reason] ?? (answer.error.code === 'UNAVAILABLE' ? t.ownerUnreachable : describeBridgeError(answer.error, t)));
    input.current?.focus();
  };
  return (
    <div className="owner-gate">
      <p>{chooseOwner ? t.ownerIntroPc : t.ownerIntro}</p>
      {!paired ? <p role="status" className="day-warning">{t.ownerNotPaired}</p> : null}
      {chooseOwner && owners?.length === 0 ? <p role="status" className="day-warning">{t.ownerNoneAtServer}</p> : null}
      <form className="row" onSubmit={(e) => void open(e)}>
        {chooseOwner ? (
          <label className="field">{t.ownerWho}
            <select value={personKey} onChange={(e) => setPersonKey(e.target.value)} data-testid="owner-who">
              <option value="">{owners === null ? t.loading : t.ownerChoose}</option>
              {(owners ?? []).map((o) => <option key={o.key} value={o.key}>{o.name}</option>)}
            </select>
          </label>
        ) : null}
        <label className="field narrow">{t.ownerViewPin}
          <input ref={input} type="password" inputMode="numeric" autoComplete="off" maxLength={8} value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))} aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'owner-pin-problem' : undefined} />
        </label>
        <button type="submit" className="primary" disabled={busy || pin.length < 4}>{busy ? t.ownerOpening : t.ownerOpen}</button>
      </form>
      {problem ? <p id="owner-pin-problem" role="alert" className="problem">{problem}</p> : null}
    </div>
  );
}

/** The owners held at the shop server (back-office PC only); null while asked. */
function useOwners(wanted: boolean, onProblem: (text: string) => void): BackOfficeOwnerDto[] | null {
  const t = useScreenText();
  const [owners, setOwners] = useState<BackOfficeOwnerDto[] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void bridge.call('shop.owners', {}).then((answer) => {
      if (!live) return;
      if (answer.ok) setOwners(answer.value.owners);
      else { setOwners([]); onProblem(describeBridgeError(answer.error, t)); }
    });
    return () => { live = false; };
  }, [wanted]);
  return owners;
}

function OwnerViews({ onClosed }: { onClosed(afterLoss: boolean): void }): ReactNode {
  const t = useScreenText();
  const notify = useApp((s) => s.notify);
  const locale = useApp((s) => s.locale);
  const [view, setView] = useState<View>('dashboard');
  const [dashboard, setDashboard] = useState<Dashboard | null>(null);
  const { version, lostSince } = useChangeSignal(onClosed);
  const viewClosed = () => onClosed(false);

  useEffect(() => {
    let live = true;
    void bridge.call('shop.dashboard', {}).then((answer) => {
      if (!live) return;
      if (answer.ok) setDashboard(answer.value);
      else if (answer.error.reason === 'BACK_OFFICE_CLOSED') onClosed(false);
      // The server away is said once, by the change signal, in place of the figures.
      else if (!serverAway(answer.error)) notify('error', describeBridgeError(answer.error, t));
    });
    return () => { live = false; };
  }, [version]);

  // A red notice belongs to the view it came from: another tab clears it (issue 26).
  useEffect(() => {
    if (useApp.getState().notice?.kind === 'error') useApp.getState().clearNotice();
  }, [view]);

  const tab = (target: View, label: string) => (
    <button type="button" className={`owner-tab${view === target ? ' current' : ''}`} aria-current={view === target ? 'page' : undefined} onClick={() => setView(target)}>{label}</button>
  );
  const today = dashboard?.today.date ?? new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
  return (
    <>
      <nav className="owner-tabs" aria-label={t.ownerViews}>
        {tab('dashboard', t.ownerDashboard)}{tab('day', t.ownerDayReport)}{tab('history', t.ownerHistory)}{tab('shifts', t.ownerShifts)}
        {tab('catalog', t.ownerCatalog)}{tab('customers', t.ownerCustomers)}{tab('people', t.ownerPeople)}
      </nav>
      {lostSince !== null ? (
        // Never old figures as if current: while the server is away only this is shown; it comes back by itself.
        <div className="owner-body owner-lost" role="alert" data-testid="owner-lost">
          <p className="day-warning">{t.ownerServerLost(formatTime(lostSince, locale))}</p>
        </div>
      ) : (
      <div className="owner-body">
        {view === 'dashboard' ? (
          // Focusable: the dashboard scrolls inside itself, and a keyboard must be able to scroll it (axe: scrollable-region-focusable).
          <div className="owner-scroll" tabIndex={0} role="region" aria-label={t.ownerDashboard}>
            {dashboard ? <Suspense fallback={<Loading />}><DashboardView dashboard={dashboard} /></Suspense> : <Loading />}
          </div>
        ) : null}
        {view === 'day' && dashboard ? <DayReportView today={today} version={version} onClosed={viewClosed} /> : null}
        {view === 'history' ? <OwnerHistoryView version={version} onClosed={viewClosed} /> : null}
        <Suspense fallback={<Loading />}>
          {view === 'shifts' ? <ShopShiftsView today={today} version={version} onClosed={viewClosed} /> : null}
          {view === 'catalog' ? <ShopCatalogView onClosed={viewClosed} /> : null}
          {view === 'customers' ? <ShopCustomersView onClosed={viewClosed} /> : null}
          {view === 'people' ? <ShopPeopleView onClosed={viewClosed} /> : null}
        </Suspense>
      </div>
      )}
    </>
  );
}

function Loading(): ReactNode {
  const t = useScreenText();
  return <p className="screen-loading muted" role="status">{t.loading}</p>;
}
