/** People (owner's screen): who works at this till with which role, and every owner approval given. */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { FeedAsideDto, OverrideDto, PersonDto } from '../../shared/bridge/types';
import { personInputSchema } from '../../shared/people';
import { useApp } from '../app/app-store';
import { CheckField, SelectField, TextField } from '../app/fields';
import { ListDetail } from '../app/ListDetail';
import { BackOffice, Toolbar } from '../app/Toolbar';
import { describeBridgeError, localizeFieldMessage } from '../bridge/bridge-error-text';
import { bridge } from '../bridge/client';
import { formatDateTime } from '../format/date-time';
import { saleNumberLabel } from '../format/sale-number';
import { useScreenText } from '../i18n/screen-text';
import { overrideText } from './override-text';
import { callWithOwner, refreshPeople } from './owner-pin';
import { usePeople } from './people-store';

interface Draft { id?: number; name: string; role: 'owner' | 'cashier'; pin: string; active: boolean }
const EMPTY: Draft = { name: '', role: 'cashier', pin: '', active: true };

export function PeopleScreen(): ReactNode {
  const t = useScreenText();
  const tillName = useApp((s) => s.settings?.tillName ?? '');
  const locale = useApp((s) => s.locale);
  const notify = useApp((s) => s.notify);
  const session = usePeople((s) => s.session);
  const people = session?.people ?? [];
  const [draft, setDraft] = useState<Draft>(session?.setUp ? EMPTY : { ...EMPTY, role: 'owner' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [overrides, setOverrides] = useState<OverrideDto[] | null>(null);
  // Issue 27: a server person this till set aside (her name is another's here) is said where she would be renamed.
  const asideCount = useApp((s) => s.status?.shopServer?.feedAside ?? 0);
  const [aside, setAside] = useState<FeedAsideDto[]>([]);
  useEffect(() => {
    if (asideCount === 0) {
      setAside([]);
      return;
    }
    void bridge.call('shopServer.status', {}).then((answer) => {
      if (answer.ok) setAside((answer.value.feedAside ?? []).filter((record) => record.kind === 'person'));
    });
  }, [asideCount, people.length]);

  const loadOverrides = async () => {
    const answer = await callWithOwner('people.overrides', { limit: 100 }, 'overrides', t.approveOverrides);
    if (answer.ok) setOverrides(answer.value.overrides);
  };
  useEffect(() => {
    if (session?.current?.role === 'owner') void loadOverrides();
  }, [session?.current?.role]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const person = { ...(draft.id !== undefined ? { id: draft.id } : {}), name: draft.name, role: draft.role, active: draft.active, ...(draft.pin ? { pin: draft.pin } : {}) };
    // The same rule the core applies (shared/people.ts), so the form says what is wrong before anything is sent.
    const checked = personInputSchema.safeParse(person);
    if (!checked.success) {
      setProblems(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? ''), localizeFieldMessage(i.message, t)])));
      return;
    }
    const answer = await callWithOwner('people.save', { person: checked.data }, 'people', t.approvePersonSave(checked.data.name));
    if (!answer.ok) {
      const fields = Object.entries(answer.error.fields ?? {}).filter(([k]) => k.startsWith('person.'));
      if (fields.length > 0) setProblems(Object.fromEntries(fields.map(([k, v]) => [k.slice('person.'.length), localizeFieldMessage(v, t)])));
      else notify('error', describeBridgeError(answer.error, t));
      return;
    }
    setProblems({});
    setDraft(EMPTY);
    notify('info', t.personSaved(answer.value.name));
    await refreshPeople();
  };
  const edit = (p: PersonDto) => { setProblems({}); setDraft({ id: p.id, name: p.name, role: p.role, pin: '', active: p.active }); };
  const roleName = (role: string) => (role === 'owner' ? t.roleOwner : t.roleCashier);

  const form = (
    <form className="person-form" onSubmit={(e) => void save(e)} aria-label={draft.id === undefined ? t.addPerson : t.editPerson}>
      <h2>{draft.id === undefined ? t.addPerson : `${t.editPerson}: ${draft.name}`}</h2>
      <TextField id="person-name" label={t.personName} value={draft.name} error={problems.name} onChange={(name) => setDraft({ ...draft, name })} />
      <SelectField id="person-role" label={t.role} value={draft.role} error={problems.role}
        options={[['owner', t.roleOwner], ['cashier', t.roleCashier]]}
        onChange={(role) => setDraft({ ...draft, role: role === 'owner' ? 'owner' : 'cashier' })} />
      <TextField id="person-pin" className="number-field" label={t.pin} type="password" inputMode="numeric" value={draft.pin} error={problems.pin}
        hint={draft.id !== undefined ? t.newPinHint : undefined} maxLength={8} onChange={(pin) => setDraft({ ...draft, pin })} />
      {draft.id !== undefined ? <CheckField id="person-active" label={t.personActive} checked={draft.active} onChange={(active) => setDraft({ ...draft, active })} /> : null}
      <div className="actions">
        <button type="submit" className="primary">{t.savePerson}</button>
        {draft.id !== undefined ? <button type="button" onClick={() => { setProblems({}); setDraft(EMPTY); }}>{t.cancel}</button> : null}
      </div>
    </form>
  );
  return (
    <BackOffice className="people-screen">
      <Toolbar titleId="people-title" title={t.people} />
      <ListDetail panelKey={draft.id ?? null} panel={form}
        list={(
          <section aria-labelledby="people-title">
            {!session?.setUp ? <p className="muted">{t.firstPersonHint}</p> : null}
            {aside.length > 0 ? (
              <div className="people-feed-aside" role="status" data-testid="people-feed-aside">
                <h2 className="list-heading">{t.peopleFeedAsideTitle}</h2>
                <ul>
                  {aside.map((record) => (
                    <li key={`${record.label}-${record.since}`}>
                      <strong>{record.label}</strong>: {record.reason} <span className="feed-aside-action">{record.action}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {people.length > 0 ? (
              <table className="fit-table compact-rows" aria-label={t.people}>
                <thead><tr><th>{t.personName}</th><th>{t.role}</th><th>{t.personActive}</th><th><span className="visually-hidden">{t.actions}</span></th></tr></thead>
                <tbody>
                  {people.map((p) => (
                    <tr key={p.id}>
                      <th scope="row">{p.name}</th><td>{roleName(p.role)}</td><td>{p.active ? '✓' : '—'}</td>
                      <td><div className="row-actions"><button type="button" aria-label={`${t.editPerson}: ${p.name}`} onClick={() => edit(p)}>{t.editPerson}</button></div></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <h2 className="list-heading">{t.overridesTitle}</h2>
            {overrides === null ? (
              session?.setUp ? <button type="button" onClick={() => void loadOverrides()}>{t.overridesTitle}</button> : null
            ) : overrides.length === 0 ? <p className="muted">{t.overridesEmpty}</p> : (
              <table className="fit-table compact-rows" aria-label={t.overridesTitle}>
                <thead><tr><th className="col-p3">{t.overrideWhen}</th><th className="col-p2">{t.overrideOwner}</th><th className="col-p2">{t.overrideCashier}</th><th>{t.overrideWhat}</th><th>{t.overrideSale}</th></tr></thead>
                <tbody>
                  {overrides.map((o) => (
                    <tr key={o.id}>
                      <td className="col-p3">{formatDateTime(o.at, locale)}</td><td className="col-p2">{o.ownerName || '—'}</td><td className="col-p2">{o.cashierName || '—'}</td>
                      <td>{sentence(t.ownerPinAction[o.action] ?? o.action)}: {overrideText(o.detail, t, locale)}</td><td className="nowrap">{o.saleShortNumber === null ? '—' : saleNumberLabel(tillName || t.till, o.saleShortNumber)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        )} />
    </BackOffice>
  );
}

/** The action's name opens the row: its first letter in capitals (the dictionary's words also sit mid-sentence). */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
