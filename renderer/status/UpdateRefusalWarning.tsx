/**
 * The status bar's refused-update notice (issue 19 §7): shown while the core keeps one (until a good update or an
 * owner dismisses it). It opens Settings at its updates section, where it says why, when, and can be dismissed.
 */
import type { ReactNode } from 'react';
import { useApp } from '../app/app-store';
import { revealSectionSoon } from '../app/reveal-section';
import { useText } from '../i18n/use-text';
import { UPDATES_SECTION_ID } from '../settings/updates-section-id';

export function UpdateRefusalWarning(): ReactNode {
  const t = useText();
  const refusal = useApp((s) => s.status?.updateRefusal);
  const show = useApp((s) => s.show);
  if (!refusal) return null;
  return (
    <span role="alert">
      <button type="button" className="link update-refused" title={t.updateRefused(t.updateRefusalReasons[refusal.reason])}
        onClick={() => { show('settings'); revealSectionSoon(UPDATES_SECTION_ID); }}>
        {t.updateRefusedShort(refusal.version)}
      </button>
    </span>
  );
}
