/**
 * The back-office screens' one layout: a list that takes the width and, when something is open, a detail or form
 * panel beside it. Both scroll inside themselves; the screen fills the window. When the screen is narrow the panel
 * lies over the list (layout.css, container queries). A panel that opens is brought into view and its first field
 * focused, so "Editar" on the 400th row shows the form without the user scrolling.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useScreenText } from '../i18n/screen-text';
import { revealPanel } from './reveal-panel';
import '../styles/layout.css';

interface Props {
  /** The list (a table, the screen's controls). */
  list: ReactNode;
  /** The detail or form; null leaves the whole width to the list. */
  panel?: ReactNode;
  /** Names the panel (a region). */
  panelLabel?: string;
  /** Changes each time another thing opens in the panel: then it is scrolled into view and focused. */
  panelKey?: string | number | null;
  /** Closes the panel (a button in its corner; Esc is the screen's). */
  onClosePanel?: () => void;
  /** Put the focus on the panel's first field when it opens (forms); a detail leaves the focus in the list. */
  focusField?: boolean;
  /** A wider panel for paper (the X/Z report). */
  wide?: boolean;
  className?: string;
}

export function ListDetail({ list, panel, panelLabel, panelKey, onClosePanel, focusField = true, wide, className }: Props): ReactNode {
  const t = useScreenText();
  const panelRef = useRef<HTMLElement>(null);
  const open = panel !== null && panel !== undefined && panel !== false;
  useEffect(() => {
    if (open && panelKey !== null && panelKey !== undefined && panelRef.current) revealPanel(panelRef.current, focusField);
  }, [open, panelKey, focusField]);
  return (
    <div className={`list-detail-frame ${className ?? ''}`}>
      <div className={`list-detail${open ? ' has-panel' : ''}${wide ? ' wide-panel' : ''}`}>
        <div className="list-detail-list">{list}</div>
        {open ? (
          <section className="list-detail-panel" ref={panelRef} aria-label={panelLabel} tabIndex={-1}>
            {onClosePanel ? <button type="button" className="panel-close" onClick={onClosePanel} aria-label={t.layoutClosePanel}>×</button> : null}
            {panel}
          </section>
        ) : null}
      </div>
    </div>
  );
}
