/** One editable cart line: quantity, price, discount %, tax, and its payable amount. */
import type { ReactNode } from 'react';
import { LIMITS } from '../../shared/limits';
import { calculateLine, formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { useText } from '../i18n/use-text';
import { taxLabel } from '../format/tax-name';
import { readLine, TAX_CHOICES, taxFromKey, taxKey, type CartLine, type LineField } from './cart';
import { lineProblemText } from './line-problem-text';
import { useSale } from './sale-store';
import { bridge } from '../bridge/client';
import { askOwnerPin } from '../people/owner-pin';
import { needsOwner, usePeople } from '../people/people-store';
import { OPEN_SALE_SLOT } from './open-sale-sync';
import { lineFieldId } from './keypad-target';

export function CartRow({ line, index }: { line: CartLine; index: number }): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const update = useSale((s) => s.update);
  const remove = useSale((s) => s.remove);
  const regroupPrice = useSale((s) => s.regroupPrice);
  const read = readLine(line, locale);
  const problems = read.ok ? {} : read.problems;
  const choices = line.tax && !TAX_CHOICES.some((c) => taxKey(c) === taxKey(line.tax)) ? [...TAX_CHOICES, line.tax] : TAX_CHOICES;

  // A cashier charges the catalog's price and tax; the core refuses a change an owner has not approved.
  const locked = usePeople((s) => needsOwner(s.session) && !s.unlocked.has(line.code));
  // A discount up to the owner's setting is the cashier's own; above it, the owner approves it like a price.
  const maxDiscount = useApp((s) => s.settings?.cashierMaxDiscount ?? 0);
  const typedDiscount = Number(line.discountRate.trim().replace(',', '.'));
  const discountLocked = locked && (maxDiscount === 0 || typedDiscount > maxDiscount);
  const lockedHere = (field: Exclude<LineField, 'tax'>) => (field === 'price' && locked) || (field === 'discountRate' && discountLocked);
  const unlock = async (field: 'price' | 'discountRate') => {
    const answer = await askOwnerPin('price', (pin) => bridge.call('people.approveLine', { slot: OPEN_SALE_SLOT, code: line.code, ownerOverride: { pin } }),
      t.approvePrice(line.name));
    if (answer?.ok) {
      usePeople.getState().unlock(line.code);
      document.getElementById(lineFieldId(line.id, field))?.focus();
    }
  };
  const lockedTitle = (field: Exclude<LineField, 'tax'>) => (field === 'price' ? t.lockedPrice : t.lockedDiscount(String(maxDiscount)));
  const taxProblem = problems.tax;
  const cell = (field: Exclude<LineField, 'tax'>, label: string, className: string) => {
    const id = lineFieldId(line.id, field);
    const problem = problems[field];
    return (
      <td className={className}>
        <input
          id={id} value={line[field]} inputMode="decimal" autoComplete="off" aria-label={`${label}: ${line.name}`}
          maxLength={LIMITS.typedNumberLength} readOnly={(field === 'price' && locked) || (field === 'discountRate' && locked && maxDiscount === 0)}
          title={lockedHere(field) ? lockedTitle(field) : undefined}
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => update(line.id, { [field]: e.target.value })}
          onBlur={field === 'price' ? () => regroupPrice(line.id, locale) : undefined}
        />
        {lockedHere(field) ? (
          <button type="button" className="unlock-price" aria-label={field === 'price' ? t.unlockPrice(line.name) : t.unlockDiscount(line.name)}
            title={lockedTitle(field)} onClick={() => void unlock(field === 'price' ? 'price' : 'discountRate')}>{t.unlockShort}</button>
        ) : null}
        {problem ? <span className="field-error" id={`${id}-error`}>{lineProblemText(problem, t, locale)}</span> : null}
      </td>
    );
  };

  return (
    <tr>
      <td className="num">{index + 1}</td>
      <th scope="row" className="line-name">{line.name}<span className="line-code">{line.code}</span></th>
      {cell('quantity', t.quantity, 'num qty')}
      {cell('price', t.unitPrice, 'num price')}
      {cell('discountRate', t.discountRate, 'num disc')}
      <td className="tax">
        <select aria-label={`${t.tax}: ${line.name}`} value={taxKey(line.tax)} disabled={locked} onChange={(e) => update(line.id, { tax: taxFromKey(e.target.value) })}
          aria-invalid={taxProblem ? true : undefined} aria-describedby={taxProblem ? `${line.id}-tax-error` : undefined}>
          {choices.map((c) => <option key={taxKey(c)} value={taxKey(c)}>{taxLabel(c.code, c.rate, locale)}</option>)}
          <option value="">{t.noTax}</option>
        </select>
        {taxProblem ? <span className="field-error" id={`${line.id}-tax-error`}>{lineProblemText(taxProblem, t, locale)}</span> : null}
      </td>
      <td className="num amount">{read.ok ? formatCop(calculateLine(read.input).payable, locale) : '—'}</td>
      <td>
        <button type="button" className="icon-button" aria-label={`${t.removeLine}: ${line.name}`} onClick={() => remove(line.id)}>×</button>
      </td>
    </tr>
  );
}
