/**
 * A sale's correction panel in History: why it needs attention (plain words and the service's own), correcting the
 * customer or the lines and sending it again, voiding a sale the service never stored, the links between a sale and
 * its correction, and every recorded change. What is allowed is the core's answer (`corrections.get`), not a guess.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { InvoiceCustomer, InvoiceItem } from '../../shared/api/invoice-request';
import type { BridgeEnvelope } from '../../shared/bridge/contract';
import type { CustomerDto, SaleCorrectionDto } from '../../shared/bridge/types';
import { correctionReasonSchema } from '../../shared/correction';
import { LIMITS } from '../../shared/limits';
import { useApp } from '../app/app-store';
import { TextField } from '../app/fields';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { CustomerForm } from '../customer/CustomerForm';
import { formatDateTime } from '../format/date-time';
import { saleNumberLabel } from '../format/sale-number';
import { useScreenText } from '../i18n/screen-text';
import { callWithOwner } from '../people/owner-pin';
import { CorrectLines } from './CorrectLines';

interface Props {
  sale: { id: number; customer: InvoiceCustomer; items: InvoiceItem[]; tillName?: string | undefined; shortNumber: number };
  version: string;
  onChanged(): void;
}

type Editing = 'customer' | 'lines' | 'void' | null;
const SHOWS_WHY = new Set(['refused_at_creation', 'rejected_after_validation', 'maybe_stored', 'held_by_service', 'voided', 'replaced']);

export function SaleCorrection({ sale, version, onChanged }: Props): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const tillName = useApp((s) => s.settings?.tillName ?? '');
  const notify = useApp((s) => s.notify);
  const [view, setView] = useState<SaleCorrectionDto | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [voidNote, setVoidNote] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const number = saleNumberLabel(sale.tillName || tillName, sale.shortNumber);

  useEffect(() => {
    let live = true;
    void bridge.call('corrections.get', { saleId: sale.id }).then((answer) => { if (live && answer.ok) setView(answer.value); });
    return () => { live = false; };
  }, [sale.id, version, reload]);
  if (!view) return null;

  const reasonOk = (): boolean => {
    const ok = correctionReasonSchema.safeParse(reason).success;
    setReasonError(ok ? null : t.correctionReasonMissing);
    return ok;
  };
  const done = (message: string) => {
    notify('info', message);
    setEditing(null);
    setReason('');
    setReload((r) => r + 1);
    onChanged();
  };
  const correct = async (change: { customer?: InvoiceCustomer; items?: InvoiceItem[] }): Promise<BridgeEnvelope<unknown>> => {
    const answer = await callWithOwner('corrections.correct', { saleId: sale.id, reason, ...change }, 'correction', t.approveCorrect(number));
    if (answer.ok) {
      const v = answer.value;
      done(v.kind === 'same_reference' ? t.correctionSameReference(v.referenceCode) : t.correctionNewReference(saleNumberLabel(tillName, v.shortNumber), v.referenceCode));
    }
    return answer;
  };
  const correctCustomer = async (customer: InvoiceCustomer): Promise<BridgeEnvelope<CustomerDto>> => {
    if (!reasonOk()) return { ok: false, error: { code: 'INVALID_INPUT', message: t.correctionReasonMissing, fields: { reason: t.correctionReasonMissing } } };
    const answer = await correct({ customer });
    return answer.ok ? { ok: true, value: { id: null, customer } } : answer as BridgeEnvelope<CustomerDto>;
  };
  const voidIt = async () => {
    if (!reasonOk()) return;
    const answer = await callWithOwner('corrections.void', { saleId: sale.id, reason }, 'correction', t.approveVoid(number));
    if (answer.ok) done(t.voided);
    else notify('error', describeBridgeError(answer.error, t));
  };
  const askVoid = () => {
    if (view.canVoid || view.voidAsksService) setEditing('void');
    else setVoidNote(view.standing === 'validated' ? t.voidNotPossible.validated : t.voidNotPossible.stored);
  };
  const closed = view.standing === 'voided' || view.standing === 'replaced';
  const linkText = (label: string, s: NonNullable<SaleCorrectionDto['corrects']>) =>
    `${label} ${saleNumberLabel(tillName, s.shortNumber)} · ${s.referenceCode} · ${t.saleState[s.state]}`;

  return (
    <section className="panel sale-correction" aria-labelledby="sale-correction-title">
      <h3 id="sale-correction-title">{t.correctionTitle}</h3>
      {SHOWS_WHY.has(view.standing) ? (
        <div className="message-box" role="note" aria-label={t.correctionWhy}>
          <p>{t.correctionStanding[view.standing]}</p>
          {view.serviceWords.length > 0 ? (
            <p><strong>{t.serviceWords}:</strong> {view.serviceWords.join(' · ')}</p>
          ) : null}
          {view.fields.length > 0 ? <p><strong>{t.fieldsNamed}:</strong> {view.fields.map(t.fieldName).join(', ')}</p> : null}
        </div>
      ) : null}
      {view.correctedBy ? <p className="strong">{linkText(t.correctedBy, view.correctedBy)}</p> : null}
      {view.corrects ? <p>{linkText(t.corrects, view.corrects)}</p> : null}

      {editing !== null ? (
        <TextField id="correction-reason" label={t.correctionReason} value={reason} onChange={(v) => { setReason(v); setReasonError(null); }}
          error={reasonError} maxLength={LIMITS.correctionReasonLength} />
      ) : null}
      {editing === 'customer' ? (
        <CustomerForm request={{ id: sale.id, initial: sale.customer, focusId: 'cf-number', returnFocusId: null }}
          save={correctCustomer} submitLabel={t.correctAndSend} onDone={(c) => { if (!c) setEditing(null); }} />
      ) : null}
      {editing === 'lines' ? <CorrectLines items={sale.items} onSend={(items) => (reasonOk() ? correct({ items }) : Promise.resolve(null))} onCancel={() => setEditing(null)} /> : null}
      {editing === 'void' && view.voidAsksService ? <p role="note">{t.voidAsksService}</p> : null}
      {editing === 'void' ? (
        <div className="actions">
          <button type="button" className="danger" onClick={() => void voidIt()}>{t.confirmVoid}</button>
          <button type="button" onClick={() => setEditing(null)}>{t.cancel}</button>
        </div>
      ) : null}
      {editing === null && !closed ? (
        <div className="actions">
          {view.canCorrect ? <button type="button" className="primary" onClick={() => setEditing('customer')}>{t.correctCustomer}</button> : null}
          {view.canCorrect ? <button type="button" onClick={() => setEditing('lines')}>{t.correctLines}</button> : null}
          <button type="button" onClick={askVoid}>{t.voidSale}</button>
        </div>
      ) : null}
      {voidNote ? <p className="message-box" role="note">{voidNote}</p> : null}

      {view.log.length > 0 ? (
        <>
          <h4>{t.correctionLog}</h4>
          <ul className="correction-log">
            {view.log.map((r) => (
              <li key={r.id}>
                {formatDateTime(r.at, locale)} · {t.correctionKinds[r.kind]} · {t.correctionBy(r.personName, r.approvedByName)} ·{' '}
                {t.correctionWhat[r.what] ?? r.what} · «{r.reason}»
                {r.after ? (
                  <div className="muted">
                    {t.beforeAfter}: {r.before.customer.name} ({r.before.customer.identification}), {r.before.referenceCode} →{' '}
                    {r.after.customer.name} ({r.after.customer.identification}), {r.after.referenceCode}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
