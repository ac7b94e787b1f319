/** At the top of Settings: what is still missing before this till can invoice, each a step to the field. */
import type { ReactNode } from 'react';
import { focusSoon, useApp } from '../app/app-store';
import { useText } from '../i18n/use-text';
import { setupGaps } from './setup-gaps';

export function SetupNotice(): ReactNode {
  const t = useText();
  const settings = useApp((s) => s.settings);
  const gaps = settings ? setupGaps(settings) : [];
  if (gaps.length === 0) return null;
  return (
    <section className="panel setup-notice" aria-labelledby="setup-title" data-testid="setup-notice">
      <h2 id="setup-title">{t.setupTitle}</h2>
      <ul>
        {gaps.map((gap) => (
          <li key={gap.kind}>
            <button type="button" className="link" onClick={() => focusSoon(gap.fieldId)}>{t[gap.kind]}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
