/** Who is selling, in the top bar, with the way to hand the till to someone else. */
import type { ReactNode } from 'react';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { useText } from '../i18n/use-text';
import { usePeople } from './people-store';

export function PersonBadge(): ReactNode {
  const t = useText();
  const current = usePeople((s) => s.session?.current ?? null);
  if (!current) return null;
  const change = async () => {
    const answer = await bridge.call('people.signOut', {});
    if (answer.ok) {
      usePeople.getState().setSession(answer.value);
      usePeople.getState().clearUnlocked();
      useApp.getState().show('sale');
    }
  };
  return (
    <span className="person-badge">
      {/* A long name is shortened with "…" (whole in its title) so the bar keeps one row. */}
      <span className="person-name" title={t.sellingNow(current.name)}>{t.sellingNow(current.name)}</span>
      <button type="button" className="tab" onClick={() => void change()}>{t.changePerson}</button>
    </span>
  );
}
