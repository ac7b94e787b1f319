/**
 * One message key per field of the customer form that is not right. The rules are the shared buyer schema's
 * (shared/customer.ts), run on exactly what the form sends, so the form and the core cannot disagree. Kept apart
 * from customer-draft.ts because the schema brings zod, which the counter loads after its first render.
 */
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import { customerInputSchema } from '../../shared/customer';
import { firstIssues, problemKey } from '../settings/schema-problems';
import { tidyCustomer, type CustomerField, type CustomerProblem } from './customer-draft';

/** Each field's own words for "not what it must look like". */
const OWN_PROBLEM: Record<CustomerField, CustomerProblem> = {
  identification_type: 'problemCode', identification: 'problemIdentification', dv: 'problemDv', person_type: 'problemCode',
  name: 'problemRequired', tax_regime: 'problemCode', email: 'problemEmail', municipality_code: 'problemMunicipality',
};

export function checkCustomer(c: InvoiceCustomer): Partial<Record<CustomerField, CustomerProblem>> {
  const sent = tidyCustomer(c);
  const problems: Partial<Record<CustomerField, CustomerProblem>> = {};
  for (const [field, issue] of firstIssues(customerInputSchema, sent)) {
    if (!Object.hasOwn(OWN_PROBLEM, field)) continue;
    const key = field as CustomerField;
    const problem = problemKey(issue, sent[key], OWN_PROBLEM[key]);
    // An identification or code that is too long is still "not a valid identification" to the cashier.
    problems[key] = problem === 'problemTooLong' && key !== 'name' ? OWN_PROBLEM[key] : problem;
  }
  return problems;
}
