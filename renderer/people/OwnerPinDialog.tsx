/**
 * The owner types their PIN for one action, in a modal over the whole window that says what it approves; a wrong
 * PIN (or one that is not 4 to 8 digits) is said by the field and the dialog stays; Esc or Cancelar gives up.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../app/Modal';
import { describeBridgeError, localizeFieldMessage } from '../bridge/bridge-error-text';
import { useCounterText } from '../i18n/counter-text';
import { loadCounterSchemas } from '../sale/counter-schemas-loader';
import { wantsOwnerPin } from './owner-pin';
import { usePeople } from './people-store';

/** The PIN itself was refused (wrong, not a PIN's shape, or too many tries): ask again rather than close. */
const pinRefused = (answer: { ok: boolean; error?: { code: string; fields?: Record<string, string> | undefined } }): boolean =>
  !answer.ok && (Object.hasOwn(answer.error?.fields ?? {}, 'ownerOverride.pin') || (answer.error?.code === 'FORBIDDEN' && !answer.error.fields));

export function OwnerPinDialog(): ReactNode {
  const t = useCounterText();
  const request = usePeople((s) => s.pinRequest);
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!request) return null;

  const close = (answer: Parameters<typeof request.done>[0]) => {
    setPin('');
    setProblem(null);
    request.done(answer);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The core's own rule for a PIN, checked here first: "12" is said by the field, not sent.
    setBusy(true);
    const schemas = await loadCounterSchemas().catch(() => null);
    setBusy(false);
    if (!schemas) {
      setProblem(t.counterSchemasMissing);
      return;
    }
    const shape = schemas.pinSchema.safeParse(pin);
    if (!shape.success) {
      setProblem(`${t.ownerPin}: ${localizeFieldMessage(shape.error.issues[0]?.message ?? '', t)}`);
      return;
    }
    setBusy(true);
    const answer = await request.run(pin);
    setBusy(false);
    setPin(''); // the PIN went with that one call; it is not kept
    if (pinRefused(answer) || wantsOwnerPin(answer)) {
      setProblem(answer.ok ? null : describeBridgeError(answer.error, t));
      return;
    }
    close(answer);
  };
  const kind = t.ownerPinAction[request.action] ?? request.action;

  return (
    <Modal className="owner-pin" labelledBy="owner-pin-title" describedBy="owner-pin-what" onCancel={() => close(null)}>
      <form onSubmit={(e) => void submit(e)}>
        <h2 id="owner-pin-title">{t.ownerPinTitle}</h2>
        {request.what ? (
          <div id="owner-pin-what">
            <p className="muted">{t.ownerPinApproves}</p>
            <p className="modal-what" data-testid="owner-pin-what">{request.what}</p>
            <p className="muted">{t.ownerPinOnlyThis}</p>
          </div>
        ) : <p id="owner-pin-what" className="modal-what" data-testid="owner-pin-what">{t.ownerPinFor(kind)}</p>}
        <div className="field">
          <label htmlFor="owner-pin">{t.ownerPin}</label>
          <input id="owner-pin" type="password" inputMode="numeric" autoComplete="off" autoFocus value={pin} maxLength={8}
            aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'owner-pin-error' : undefined}
            onChange={(e) => setPin(e.target.value)} />
          {problem ? <span className="field-error" id="owner-pin-error" role="alert">{problem}</span> : null}
        </div>
        <div className="row">
          <button type="button" onClick={() => close(null)}>{t.cancel}</button>
          <button type="submit" className="primary" disabled={busy || pin === ''}>{t.approve}</button>
        </div>
      </form>
    </Modal>
  );
}
