/**
 * A render error stays inside its screen: instead of a white page the cashier reads what happened and has a way
 * back. The sale in progress lives in its store and in the core, so nothing rung up is lost with the screen.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messagesFor } from '../i18n/messages';
import { useApp, type Screen } from './app-store';
import { ScreenLoadError } from './screen-load-error';

interface BoundaryProps {
  children: ReactNode;
  fallback(retry: () => void, error: unknown): ReactNode;
}

/** React only catches render errors in a class component. */
export class ErrorBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown }> {
  override state: { failed: boolean; error: unknown } = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): { failed: boolean; error: unknown } {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The browser console (and Electron's log) keeps the details; the screen keeps them out of the cashier's way.
    console.error('a screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false, error: null }), this.state.error) : this.props.children;
  }
}

function ScreenFailed({ screen, retry, notLoaded }: { screen: Screen; retry: () => void; notLoaded: boolean }): ReactNode {
  const locale = useApp((s) => s.locale);
  const show = useApp((s) => s.show);
  // The back-office PC has no counter to go back to, nor a sale to keep.
  const counter = useApp((s) => s.info?.mode !== 'back-office');
  const t = messagesFor(locale);
  return (
    <section className="screen-failed" role="alert" aria-labelledby="screen-failed-title">
      {/* A chunk that did not arrive is not the screen's fault: say so, the retry fetches it again. */}
      <h1 id="screen-failed-title">{notLoaded ? t.screenNotLoaded : t.screenFailed}</h1>
      {counter ? <p>{t.screenFailedSaleKept}</p> : null}
      <div className="row">
        <button type="button" onClick={retry}>{t.screenRetry}</button>
        {!counter ? null : screen === 'sale'
          ? <button type="button" onClick={() => show('history')}>{t.history}</button>
          : <button type="button" onClick={() => show('sale')}>{t.backToSale}</button>}
      </div>
    </section>
  );
}

/** One boundary per screen, fresh each time the screen changes. */
export function ScreenBoundary({ screen, children }: { screen: Screen; children: ReactNode }): ReactNode {
  return <ErrorBoundary key={screen} fallback={(retry, error) => {
    const notLoaded = error instanceof ScreenLoadError;
    return <ScreenFailed screen={screen} notLoaded={notLoaded} retry={() => { if (notLoaded) error.forget(); retry(); }} />;
  }}>{children}</ErrorBoundary>;
}

/** The last line of defence (the top bar or status bar failed): plain words, no store, no hooks. */
export function AppFailed(): ReactNode {
  const t = messagesFor(useApp.getState().locale);
  return (
    <main className="fatal" role="alert">
      <h1>Mostrador</h1>
      <p>{t.screenFailed} {t.screenFailedSaleKept}</p>
      <button type="button" onClick={() => window.location.reload()}>{t.screenRetry}</button>
    </main>
  );
}
