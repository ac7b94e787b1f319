/**
 * The lines of a sale being corrected: quantity, price before tax, discount and tax rate per line, or a line taken
 * out. Checked with the same schema the core applies to a charge (shared/sale-input.ts) before anything is sent.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { InvoiceItem } from '../../shared/api/invoice-request';
import type { BridgeEnvelope } from '../../shared/bridge/contract';
import { saleLinesSchema } from '../../shared/sale-input';
import { describeBridgeError, localizeFieldMessage } from '../bridge/bridge-error-text';
import { useScreenText } from '../i18n/screen-text';

interface Props {
  items: InvoiceItem[];
  onSend(items: InvoiceItem[]): Promise<BridgeEnvelope<unknown> | null>;
  onCancel(): void;
}

type Draft = { quantity: string; price: string; discount_rate: string; rate: string };
const toDraft = (item: InvoiceItem): Draft => ({
  quantity: String(item.quantity), price: String(item.price), discount_rate: String(item.discount_rate), rate: String(item.taxes[0]?.rate ?? ''),
});
/** Typed text as a number; "1,5" reads as 1.5. Anything else is left for the schema to refuse. */
const numberOf = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text.replace(',', '.'))) ? Number(text.replace(',', '.')) : text);

export function CorrectLines({ items, onSend, onCancel }: Props): ReactNode {
  const t = useScreenText();
  const [drafts, setDrafts] = useState(() => items.map(toDraft));
  const [kept, setKept] = useState(() => items.map(() => true));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (i: number, field: keyof Draft) => (value: string) => setDrafts((d) => d.map((x, k) => (k === i ? { ...x, [field]: value } : x)));
  const build = (): unknown[] => items.flatMap((item, i) => {
    const d = drafts[i] as Draft;
    if (!kept[i]) return [];
    const taxes = item.taxes.map((tax, k) => (k === 0 ? { ...tax, rate: numberOf(d.rate) } : tax));
    return [{ ...item, quantity: numberOf(d.quantity), price: numberOf(d.price), discount_rate: numberOf(d.discount_rate), taxes }];
  });
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = saleLinesSchema.safeParse(build());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue ? `${issue.path.join('.')}: ${localizeFieldMessage(issue.message, t)}` : null);
      return;
    }
    setBusy(true);
    const answer = await onSend(parsed.data);
    setBusy(false);
    setProblem(answer && !answer.ok ? describeBridgeError(answer.error, t) : null);
  };

  return (
    <form className="correct-lines" onSubmit={(e) => void send(e)} noValidate>
      <table>
        <thead><tr><th>{t.product}</th><th>{t.lineQuantity}</th><th>{t.linePrice}</th><th>{t.lineDiscount}</th><th>{t.lineTaxRate}</th><th /></tr></thead>
        <tbody>
          {items.map((item, i) => (kept[i] ? (
            <tr key={`${item.code}-${i}`}>
              <th scope="row">{item.name}</th>
              {(['quantity', 'price', 'discount_rate', 'rate'] as const).map((field) => (
                <td key={field}>
                  <input aria-label={`${item.name}: ${{ quantity: t.lineQuantity, price: t.linePrice, discount_rate: t.lineDiscount, rate: t.lineTaxRate }[field]}`}
                    inputMode="decimal" value={(drafts[i] as Draft)[field]} disabled={field === 'rate' && item.taxes.length === 0}
                    onChange={(e) => set(i, field)(e.target.value)} />
                </td>
              ))}
              <td><button type="button" onClick={() => setKept((k) => k.map((x, n) => (n === i ? false : x)))}>{t.correctionRemoveLine}</button></td>
            </tr>
          ) : null))}
        </tbody>
      </table>
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>{t.correctAndSend}</button>
        <button type="button" onClick={onCancel}>{t.cancel}</button>
      </div>
    </form>
  );
}
