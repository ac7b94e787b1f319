/**
 * "Personas de la tienda" (issue 21): who works in the shop, for every till at once. The same rule as the till's
 * People screen (shared/people.ts: name, role, a PIN of 4 to 8 digits); a new PIN crosses once, to the server, which
 * keeps only its hash; the field is emptied as soon as it is sent. Saves by compare-and-set on the version.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { personSaveSchema, type PersonRecord } from '../../shared/shop/back-office-records';
import { useApp } from '../app/app-store';
import { CheckField, SelectField, TextField } from '../app/fields';
import { ListDetail } from '../app/ListDetail';
import { bridge } from '../bridge/client';
import { describeBridgeError, localizeFieldMessage } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';

interface Draft { record: PersonRecord | null; name: string; role: 'owner' | 'cashier'; active: boolean; pin: string; stale: string | null; form: number }
const draftOf = (record: PersonRecord | null, stale: string | null = null): Draft => ({
  record, name: record?.name ?? '', role: record?.role ?? 'cashier', active: record?.active ?? true, pin: '', stale, form: Date.now(),
});

export function ShopPeopleView({ onClosed }: { onClosed(): void }): ReactNode {
  const t = useScreenText();
  const notify = useApp((s) => s.notify);
  const [people, setPeople] = useState<PersonRecord[] | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [reloads, setReloads] = useState(0);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    void bridge.call('shop.people', {}).then((answer) => {
      if (!live) return;
      if (answer.ok) setPeople(answer.value.people);
      else if (answer.error.reason === 'BACK_OFFICE_CLOSED') onClosed();
      else notify('error', describeBridgeError(answer.error, t));
    });
    return () => { live = false; };
  }, [reloads]);

  const open = (record: PersonRecord | null) => { setProblems({}); setDraft(draftOf(record)); };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const input = {
      key: draft.record?.key ?? null, baseVersion: draft.record?.version ?? null, name: draft.name, role: draft.role, active: draft.active,
      ...(draft.pin ? { pin: draft.pin } : {}),
    };
    // The same rule the server applies, so the form says what is wrong before anything is sent.
    const checked = personSaveSchema.safeParse(input);
    if (!checked.success) {
      setProblems(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? ''), localizeFieldMessage(i.message, t)])));
      return;
    }
    setSaving(true);
    const answer = await bridge.call('shop.savePerson', checked.data);
    setSaving(false);
    setDraft((d) => (d ? { ...d, pin: '' } : d));
    if (!answer.ok) {
      if (answer.error.reason === 'BACK_OFFICE_CLOSED') { onClosed(); return; }
      const rule = answer.error.reason ? t.shopRecordProblem[answer.error.reason] : undefined;
      const field = Object.keys(answer.error.fields ?? {})[0];
      if (rule && field) setProblems({ [field]: rule });
      else if (answer.error.fields) setProblems(Object.fromEntries(Object.entries(answer.error.fields).map(([k, v]) => [k, localizeFieldMessage(v, t)])));
      else notify('error', describeBridgeError(answer.error, t));
      return;
    }
    setReloads((n) => n + 1);
    if (answer.value.outcome === 'stale') {
      setProblems({});
      setDraft(draftOf(answer.value.current, draft.record ? t.shopStalePerson : t.shopStaleNew));
      return;
    }
    notify('info', t.shopSavedForAll(answer.value.record.name));
    setDraft(null);
  };
  const roleName = (role: string) => (role === 'owner' ? t.roleOwner : t.roleCashier);

  const panel = draft ? (
    <form className="person-form" onSubmit={(e) => void save(e)} aria-labelledby="shop-person-title" noValidate>
      <h2 id="shop-person-title">{draft.record ? `${t.editPerson}: ${draft.record.name}` : t.shopPersonNew}</h2>
      {draft.record ? <p className="muted">{t.shopVersion(draft.record.version)}</p> : null}
      {draft.stale ? <p role="status" className="day-warning" data-testid="shop-stale">{draft.stale}</p> : null}
      <TextField id="shop-person-name" label={t.personName} value={draft.name} error={problems.name} onChange={(name) => setDraft({ ...draft, name })} />
      <SelectField id="shop-person-role" label={t.role} value={draft.role} error={problems.role}
        options={[['owner', t.roleOwner], ['cashier', t.roleCashier]]}
        onChange={(role) => setDraft({ ...draft, role: role === 'owner' ? 'owner' : 'cashier' })} />
      <TextField id="shop-person-pin" className="number-field" label={draft.record ? t.shopPersonPinKeep : t.shopPersonPinNew} type="password"
        inputMode="numeric" autoComplete="new-password" value={draft.pin} error={problems.pin} maxLength={8}
        onChange={(pin) => setDraft({ ...draft, pin: pin.replace(/\D/g, '') })} />
      <CheckField id="shop-person-active" label={t.personActive} checked={draft.active} onChange={(active) => setDraft({ ...draft, active })} />
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>{t.shopCustomerSave}</button>
        <button type="button" onClick={() => setDraft(null)}>{t.cancel}</button>
      </div>
    </form>
  ) : null;

  return (
    <ListDetail panel={panel} panelKey={draft ? draft.form : null} onClosePanel={() => setDraft(null)}
      list={(
        <section className="shop-records" aria-label={t.ownerPeople}>
          <p className="muted">{t.shopRecordsNote}</p>
          <div className="row"><button type="button" onClick={() => open(null)}>{t.shopPersonNew}</button></div>
          {people && people.length > 0 ? (
            <table className="fit-table compact-rows" data-testid="shop-people">
              <caption className="visually-hidden">{t.ownerPeople}</caption>
              <thead><tr><th scope="col">{t.personName}</th><th scope="col">{t.role}</th><th scope="col">{t.personActive}</th><th scope="col"><span className="visually-hidden">{t.actions}</span></th></tr></thead>
              <tbody>{people.map((p) => (
                <tr key={p.key} className={p.active ? '' : 'inactive'}>
                  <th scope="row">{p.name}</th><td>{roleName(p.role)}</td><td>{p.active ? '✓' : '—'}</td>
                  <td><div className="row-actions"><button type="button" aria-label={`${t.editPerson}: ${p.name}`} onClick={() => open(p)}>{t.editPerson}</button></div></td>
                </tr>
              ))}</tbody>
            </table>
          ) : null}
        </section>
      )} />
  );
}
