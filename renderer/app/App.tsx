/** The window: top bar, the current screen with notices over it, and the status bar (always visible). */
import { useEffect, type ReactNode } from 'react';
import { CustomersScreen } from '../customers/CustomersScreen';
import { CatalogScreen } from '../catalog/CatalogScreen';
import { HistoryScreen } from '../history/HistoryScreen';
import { OwnerPinDialog } from '../people/OwnerPinDialog';
import { PeopleScreen } from '../people/PeopleScreen';
import { usePeople } from '../people/people-store';
import { WhoIsSelling } from '../people/WhoIsSelling';
import { useText } from '../i18n/use-text';
import { ReceiptScreen } from '../receipt/ReceiptScreen';
import { SaleScreen } from '../sale/SaleScreen';
import { SettingsScreen } from '../settings/SettingsScreen';
import { ShiftScreen } from '../shifts/ShiftScreen';
import { StatusBar } from '../status/StatusBar';
import { bootstrap } from './bootstrap';
import { useApp } from './app-store';
import { NoticeToast } from './NoticeToast';
import { ScreenBoundary } from './ScreenBoundary';
import { TopBar } from './TopBar';
import { useShortcuts } from './use-shortcuts';

function ScreenContent(): ReactNode {
  const screen = useApp((s) => s.screen);
  const receiptSaleId = useApp((s) => s.receiptSaleId);
  if (screen === 'history') return <HistoryScreen />;
  if (screen === 'settings') return <SettingsScreen />;
  if (screen === 'customers') return <CustomersScreen />;
  if (screen === 'catalog') return <CatalogScreen />;
  if (screen === 'people') return <PeopleScreen />;
  if (screen === 'shifts') return <ShiftScreen />;
  if (screen === 'receipt' && receiptSaleId !== null) return <ReceiptScreen key={receiptSaleId} saleId={receiptSaleId} />;
  return <SaleScreen />;
}

/** Each screen behind its own error boundary: a failure shows a message with a way back, never a white page. */
function CurrentScreen(): ReactNode {
  const screen = useApp((s) => s.screen);
  return <ScreenBoundary screen={screen}><ScreenContent /></ScreenBoundary>;
}

export function App(): ReactNode {
  const t = useText();
  const fatal = useApp((s) => s.fatal);
  const ready = useApp((s) => s.info !== null);
  // Once people are set up, nothing is sold until somebody says who is selling.
  const nobodySelling = usePeople((s) => s.session !== null && s.session.setUp && s.session.current === null);
  useShortcuts();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    void bootstrap().then((s) => { if (live) stop = s; else s(); });
    return () => { live = false; stop?.(); };
  }, []);

  if (fatal) return <main className="fatal" role="alert"><h1>Mostrador</h1><p>{fatal}</p></main>;
  return (
    <div className="app">
      <TopBar />
      {/* The notice lies over the screen's frame, so it never moves the layout. */}
      <div className="screen-frame">
        <main className="screen">{!ready ? <p className="muted">{t.loading}</p> : nobodySelling ? <WhoIsSelling /> : <CurrentScreen />}</main>
        <NoticeToast />
      </div>
      <OwnerPinDialog />
      <StatusBar />
    </div>
  );
}
