/** The till opens here once people are set up: the person at the counter picks their name and types their PIN. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { focusSoon, useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { useText } from '../i18n/use-text';
import { describeBridgeErrorSoon } from '../sale/counter-later-loader';
import { usePeople } from './people-store';

export function WhoIsSelling(): ReactNode {
  const t = useText();
  const people = usePeople((s) => s.session?.people ?? []).filter((p) => p.active);
  const setSession = usePeople((s) => s.setSession);
  const [chosen, setChosen] = useState<number | null>(null);
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null) return;
    const answer = await bridge.call('people.signIn', { personId: chosen, pin });
    setPin('');
    if (!answer.ok) {
      setProblem(await describeBridgeErrorSoon(answer.error, useApp.getState().locale));
      return;
    }
    setProblem(null);
    setSession(answer.value);
    focusSoon('product-search');
  };

  return (
    <section className="who-is-selling" aria-labelledby="who-title">
      <h1 id="who-title">{t.whoIsSelling}</h1>
      <p className="muted">{t.whoIsSellingHint}</p>
      <form onSubmit={(e) => void submit(e)}>
        <div role="radiogroup" aria-label={t.whoIsSelling} className="people-choice">
          {people.map((p) => (
            <button key={p.id} type="button" role="radio" aria-checked={chosen === p.id} className={chosen === p.id ? 'current' : ''}
              onClick={() => { setChosen(p.id); setProblem(null); focusSoon('sign-in-pin'); }}>
              {p.name} <span className="muted">{p.role === 'owner' ? t.roleOwner : t.roleCashier}</span>
            </button>
          ))}
        </div>
        <div className="field">
          <label htmlFor="sign-in-pin">{t.pin}</label>
          <input id="sign-in-pin" type="password" inputMode="numeric" autoComplete="off" value={pin} maxLength={8}
            aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'sign-in-error' : undefined}
            onChange={(e) => setPin(e.target.value)} />
          {problem ? <span className="field-error" id="sign-in-error" role="alert">{problem}</span> : null}
        </div>
        <button type="submit" disabled={chosen === null || pin === ''}>{t.signIn}</button>
      </form>
    </section>
  );
}
