/** The Cobrar button (F12), with the confirmation a very large total asks for first. */
import type { ReactNode } from 'react';
import { CHARGE_BUTTON_ID } from '../customer/form-focus';
import { useText } from '../i18n/use-text';
import { chargeSale } from './charge-sale';
import { CounterLaterPart } from './counter-later-loader';
import { useSale } from './sale-store';
import { useShiftAsk } from './shift-ask';

export function ChargeBar(): ReactNode {
  const t = useText();
  const charging = useSale((s) => s.charging);
  const empty = useSale((s) => s.lines.length === 0);
  const confirming = useSale((s) => s.confirmingTotal !== null);
  const askingShift = useShiftAsk((s) => s.asking !== null);
  return (
    <div className="charge-bar">
      {/* Its words and buttons come with the counter's late chunk; the focus asked for meanwhile follows them. */}
      {/* No shift open (issue 26): open it here and charge, or go to Turnos, as the owner set it. */}
      {askingShift ? <CounterLaterPart waiting={null}>{(later) => <later.OpenShiftAtCharge charge={() => void chargeSale(true)} />}</CounterLaterPart> : null}
      {confirming ? <CounterLaterPart waiting={null}>{(later) => <later.ConfirmTotal confirm={() => void chargeSale(true)} />}</CounterLaterPart> : null}
      <button type="button" id={CHARGE_BUTTON_ID} className="charge" disabled={charging || empty} onClick={() => void chargeSale()}>
        {charging ? t.charging : t.charge} <kbd>F12</kbd>
      </button>
    </div>
  );
}
