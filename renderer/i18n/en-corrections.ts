/** English texts for corrections (see es-corrections.ts). */
import type { SaleStandingDto } from '../../shared/bridge/types';
import type { esCorrections } from './es-corrections';

const FIELD_NAMES: Record<string, string> = {
  identification_type: 'identification type', identification: 'identification', dv: 'check digit', person_type: 'person type',
  name: 'name', tax_regime: 'tax regime', email: 'e-mail', municipality_code: 'municipality', code: 'code', quantity: 'quantity',
  unit_measure: 'unit', price: 'price', discount_rate: 'discount', taxes: 'taxes', rate: 'rate', form_code: 'payment form', means_code: 'payment means',
};

export const enCorrections: typeof esCorrections = {
  correctionTitle: 'Correction',
  correctionWhy: 'Why',
  correctionStanding: {
    refused_at_creation: 'The invoicing service refused this invoice when it arrived and did not store it. Correct the customer or the lines and send it again: it keeps its reference.',
    rejected_after_validation: 'The service received the invoice, but the tax authority (DIAN) rejected it. The service keeps that rejected document: the correction is sent as a new invoice with another reference, linked to this one.',
    maybe_stored: 'An earlier send got no answer: the service may have stored this invoice, so it cannot be corrected here, and voiding it first asks the service. Send it again unchanged: if the service has it, it returns its document.',
    held_by_service: 'The service holds a document for this sale that is neither validated nor rejected. Until then it cannot be corrected or voided: send it again or ask your invoicing provider.',
    never_sent: 'This sale has not reached the invoicing service yet.',
    on_its_way: 'This sale is on its way to the service or awaiting the tax authority.',
    validated: 'Electronic invoice validated by the tax authority (DIAN).',
    voided: 'Sale voided at this till: the service never stored it and it will not be sent.',
    replaced: 'This sale was corrected by a new invoice (another reference). It will not be sent again.',
  } satisfies Record<SaleStandingDto, string>,
  serviceWords: 'The service\'s words',
  fieldsNamed: 'The service points at',
  fieldName: (path: string): string => {
    const parts = path.split('.');
    const last = parts.at(-1) ?? path;
    const name = FIELD_NAMES[last] ?? last;
    if (parts[0] === 'items' && parts[1] !== undefined && /^\d+$/.test(parts[1])) return `line ${Number(parts[1]) + 1}: ${name}`;
    if (parts[0] === 'customer') return `the customer's ${name}`;
    return name;
  },
  correctCustomer: 'Correct customer',
  correctLines: 'Correct lines',
  voidSale: 'Void sale',
  correctionReason: 'Reason (kept on record)',
  correctionReasonMissing: 'Write the reason for the correction',
  correctAndSend: 'Correct and send',
  correctionSameReference: (reference: string) => `Sale corrected: sent again with the same reference ${reference}.`,
  correctionNewReference: (number: string, reference: string) => `Sale corrected: sent as sale ${number}, new reference ${reference}.`,
  voided: 'Sale voided. It stays in the history and will not be sent.',
  confirmVoid: 'Void this sale',
  voidNotPossible: {
    validated: 'This invoice is already valid for the tax authority: voiding it needs a credit note. The invoicing service\'s specification does not show how to issue credit notes, so Mostrador cannot do it; ask your invoicing provider how to issue one.',
    stored: 'The service has (or may have) stored this invoice: only a sale the service never stored is voided at the till.',
  },
  voidAsksService: 'An earlier send may have reached the invoicing service. Voiding first asks the service by this sale\'s reference: it is voided only if the service does not have it.',
  correctedBy: 'Corrected by sale',
  corrects: 'Corrects sale',
  correctionLog: 'Recorded changes',
  correctionKinds: { same_reference: 'Correction (same reference)', new_reference: 'Correction (new reference)', void: 'Void' },
  correctionBy: (person: string, approvedBy: string | null) => `${person || 'Owner'}${approvedBy ? ` (approved by ${approvedBy})` : ''}`,
  correctionWhat: { customer: 'customer', items: 'lines', 'customer, items': 'customer and lines', void: 'void' },
  beforeAfter: 'Before → after',
  lineQuantity: 'Quantity',
  linePrice: 'Price before tax',
  lineDiscount: 'Discount %',
  lineTaxRate: 'Rate %',
  correctionRemoveLine: 'Remove line',
  cannotChangeHere: 'The sale no longer allows this change; reload the detail.',
};
