/** At the top of Settings: what is still missing before this till can invoice, each a step to the field. */
import type { ReactNode } from 'react';
import { focusSoon, useApp } from '../app/app-store';
import { useScreenText } from '../i18n/screen-text';
import type { Messages } from '../i18n/messages';
import { setupGaps, type SetupGap } from './setup-gaps';

const wordsFor = (gap: SetupGap, t: Messages): string => {
  if ('validUntil' in gap) return t.setupAuthorizationPast(gap.validUntil);
  if ('daysLeft' in gap) return t.setupAuthorizationNear(gap.daysLeft);
  return t[gap.kind];
};

export function SetupNotice(): ReactNode {
  const t = useScreenText();
  const settings = useApp((s) => s.settings);
  const gaps = settings ? setupGaps(settings) : [];
  if (gaps.length === 0) return null;
  return (
    <section className="panel setup-notice" aria-labelledby="setup-title" data-testid="setup-notice">
      <h2 id="setup-title">{t.setupTitle}</h2>
      <ul>
        {gaps.map((gap) => (
          <li key={gap.kind}>
            <button type="button" className="link" onClick={() => focusSoon(gap.fieldId)}>{wordsFor(gap, t)}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
