/**
 * «No hay un turno abierto»: Cobrar was refused because this till sells inside a shift and none is open. With the
 * owner's rule 'ask' the cashier types the drawer's cash and the shift opens here, then the same sale is charged;
 * with 'refuse' the counter says to open it in Turnos. Esc or «Ahora no» leaves the sale as it is.
 */
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { focusSoon, useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { CHARGE_BUTTON_ID } from '../customer/form-focus';
import { useCounterText } from '../i18n/counter-text';
import { SHIFT_ASK_CASH_ID, SHIFT_ASK_GO_ID, useShiftAsk } from './shift-ask';

/** "50.000", "$ 50 000" or "50000" → 50000; anything else (decimals, letters) → null. */
export function readOpeningCash(text: string): number | null {
  const digits = text.replace(/[\s$.]/g, '');
  if (!/^\d{1,12}$/.test(digits)) return null;
  return Number(digits);
}

/** `charge` charges the sale again (chargeSale(true)), passed in so this late part does not import the charge. */
export function OpenShiftAtCharge({ charge }: { charge(): void }): ReactNode {
  const t = useCounterText();
  const locale = useApp((s) => s.locale);
  const asking = useShiftAsk((s) => s.asking);
  const setAsking = useShiftAsk((s) => s.setAsking);
  const [cash, setCash] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  if (asking === null) return null;

  const later = () => {
    setAsking(null);
    setProblem(null);
    focusSoon(CHARGE_BUTTON_ID);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Esc closes this question and nothing more.
    event.preventDefault();
    event.stopPropagation();
    later();
  };
  const open = async (event: FormEvent) => {
    event.preventDefault();
    if (opening) return;
    const openingCash = readOpeningCash(cash);
    if (openingCash === null) {
      setProblem(t.shiftAskCashProblem);
      focusSoon(SHIFT_ASK_CASH_ID);
      return;
    }
    setOpening(true);
    const answer = await bridge.call('shifts.open', { openingCash });
    setOpening(false);
    // Opened here, or already open elsewhere meanwhile (another window): either way the sale can be charged now.
    if (!answer.ok && answer.error.fields?.openingCash !== 'a shift is already open') {
      setProblem(describeBridgeError(answer.error, t));
      focusSoon(SHIFT_ASK_CASH_ID);
      return;
    }
    setAsking(null);
    setCash('');
    setProblem(null);
    charge();
  };

  if (asking === 'refuse') {
    return (
      <div className="confirm-total shift-ask" role="alertdialog" aria-labelledby="shift-ask-title" aria-describedby="shift-ask-text" onKeyDown={onKeyDown}>
        <h2 id="shift-ask-title">{t.shiftAskTitle}</h2>
        <p id="shift-ask-text">{t.shiftRefusedText}</p>
        <div className="row">
          <button type="button" id={SHIFT_ASK_GO_ID} className="primary" onClick={() => { setAsking(null); useApp.getState().show('shifts'); }}>{t.shiftGoToShifts}</button>
          <button type="button" onClick={later}>{t.shiftAskLater}</button>
        </div>
      </div>
    );
  }
  return (
    <form className="confirm-total shift-ask" role="alertdialog" aria-labelledby="shift-ask-title" aria-describedby="shift-ask-text"
      onKeyDown={onKeyDown} onSubmit={(e) => void open(e)} noValidate>
      <h2 id="shift-ask-title">{t.shiftAskTitle}</h2>
      <p id="shift-ask-text">{t.shiftAskText}</p>
      <div className="field">
        <label htmlFor={SHIFT_ASK_CASH_ID}>{t.shiftAskCash}</label>
        <input id={SHIFT_ASK_CASH_ID} inputMode="numeric" autoComplete="off" value={cash} maxLength={20} lang={locale}
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'shift-ask-problem' : undefined}
          onChange={(e) => { setCash(e.target.value); setProblem(null); }} />
        {problem ? <span className="field-error" id="shift-ask-problem" role="alert">{problem}</span> : null}
      </div>
      <div className="row">
        <button type="submit" className="primary" disabled={opening}>{t.shiftAskOpen}</button>
        <button type="button" onClick={later}>{t.shiftAskLater}</button>
      </div>
    </form>
  );
}
