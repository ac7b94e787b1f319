/** The window: top bar, the current screen with notices over it, and the status bar (always visible). */
import { Suspense, useEffect, type ReactNode } from 'react';
import { usePeople } from '../people/people-store';
import { WhoIsSelling } from '../people/WhoIsSelling';
import { useText } from '../i18n/use-text';
import { CounterLaterPart } from '../sale/counter-later-loader';
import { SaleScreen } from '../sale/SaleScreen';
import { useCounterKeys } from '../sale/counter-keys';
import { StatusBar } from '../status/StatusBar';
import { bootstrap } from './bootstrap';
import { useFocusedFieldInView } from './field-in-view';
import { useApp } from './app-store';
import { backOfficeScreen, ScreenLoading, usePrefetchBackOffice } from './lazy-screens';
import { NoticeToast } from './NoticeToast';
import { ScreenBoundary } from './ScreenBoundary';
import { TopBar } from './TopBar';
import { useShortcuts } from './use-shortcuts';

function ScreenContent(): ReactNode {
  const screen = useApp((s) => s.screen);
  const receiptSaleId = useApp((s) => s.receiptSaleId);
  usePrefetchBackOffice(screen === 'sale');
  return <Suspense fallback={<ScreenLoading />}>{backOfficeScreen(screen, receiptSaleId) ?? <SaleScreen />}</Suspense>;
}

/** Each screen behind its own error boundary: a failure shows a message with a way back, never a white page. */
function CurrentScreen(): ReactNode {
  const screen = useApp((s) => s.screen);
  return <ScreenBoundary screen={screen}><ScreenContent /></ScreenBoundary>;
}

/** The owner's PIN dialog, only while an action asks for it: its code and words come with the counter's late chunk. */
function OwnerPinSlot(): ReactNode {
  const asked = usePeople((s) => s.pinRequest !== null);
  return asked ? <CounterLaterPart waiting={null}>{(later) => <later.OwnerPinDialog />}</CounterLaterPart> : null;
}

/** The back-office PC: Tienda alone (its chunk), no top bar, no counter, no status bar of an invoicing service. */
function BackOfficePc(): ReactNode {
  return (
    <div className="app back-office-pc">
      <div className="screen-frame">
        <main className="screen"><ScreenBoundary screen="owner"><Suspense fallback={<ScreenLoading />}>{backOfficeScreen('owner', null)}</Suspense></ScreenBoundary></main>
        <NoticeToast />
      </div>
    </div>
  );
}

export function App(): ReactNode {
  const t = useText();
  const fatal = useApp((s) => s.fatal);
  const ready = useApp((s) => s.info !== null);
  const backOfficePc = useApp((s) => s.info?.mode === 'back-office');
  // Once people are set up, nothing is sold until somebody says who is selling.
  const nobodySelling = usePeople((s) => s.session !== null && s.session.setUp && s.session.current === null);
  useShortcuts();
  useCounterKeys();
  useFocusedFieldInView();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    void bootstrap().then((s) => { if (live) stop = s; else s(); });
    return () => { live = false; stop?.(); };
  }, []);

  if (fatal) return <main className="fatal" role="alert"><h1>Mostrador</h1><p>{fatal}</p></main>;
  if (backOfficePc) return <BackOfficePc />;
  return (
    <div className="app">
      <TopBar />
      {/* The notice lies over the screen's frame, so it never moves the layout (the counter shows it above its cart). */}
      <div className="screen-frame">
        <main className="screen">{!ready ? <p className="muted">{t.loading}</p> : nobodySelling ? <WhoIsSelling /> : <CurrentScreen />}</main>
        <NoticeToast />
      </div>
      <OwnerPinSlot />
      <StatusBar />
    </div>
  );
}
