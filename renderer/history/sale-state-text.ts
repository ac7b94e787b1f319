/**
 * How History names a sale's state. A correction closes a sale (voided, or replaced by a new one) while its outbox
 * state stays `needs_attention`, so the state alone would still say "Requiere atención" for a sale that needs nothing.
 */
import type { SaleSummaryDto } from '../../shared/bridge/types';
import { saleNumberLabel } from '../format/sale-number';
import type { Messages } from '../i18n/messages';

type Shown = Pick<SaleSummaryDto, 'state' | 'closed' | 'replacedBy'>;

/** The words and the style class of a sale's state; `tillName` stands in for a replacing sale without its own. */
export function saleStateText(sale: Shown, t: Messages, tillName: string): { text: string; className: string } {
  if (sale.closed === 'voided') return { text: t.saleVoided, className: 'state state-closed' };
  if (sale.closed === 'replaced') {
    const by = sale.replacedBy;
    return { text: by ? t.saleReplacedBy(saleNumberLabel(by.tillName || tillName, by.shortNumber)) : t.saleReplaced, className: 'state state-closed' };
  }
  return { text: t.saleState[sale.state], className: `state state-${sale.state}` };
}

/** Only an open sale that needs attention may be sent again; the core refuses a closed one anyway. */
export function canRetrySale(sale: Shown): boolean {
  return sale.state === 'needs_attention' && !sale.closed;
}
