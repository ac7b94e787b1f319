/**
 * A back-office screen's top line: its title and its tools (search, filters, buttons), wrapping when narrow.
 * The tools are passed as one element with the class `toolbar-tools` (a div, or the search form).
 */
import type { ReactNode } from 'react';
import '../styles/layout.css';

interface Props { title: ReactNode; titleId?: string; children?: ReactNode; className?: string }

export function Toolbar({ title, titleId, children, className }: Props): ReactNode {
  return (
    <div className={`screen-toolbar ${className ?? ''}`}>
      <h1 id={titleId}>{title}</h1>
      {children}
    </div>
  );
}

/** A back-office screen: the toolbar above, the body (usually a ListDetail) filling the rest of the window. */
export function BackOffice({ className, children }: { className?: string; children: ReactNode }): ReactNode {
  return <div className={`backoffice ${className ?? ''}`}>{children}</div>;
}
