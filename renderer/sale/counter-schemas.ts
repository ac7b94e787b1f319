/**
 * What the counter runs through the shared zod schemas (the same ones the core applies): the buyer's check before
 * Cobrar, the customer form and the owner's PIN. One chunk, loaded right after the counter's first render
 * (`counter-schemas-loader.ts`), so zod is not part of the first download; whatever needs it awaits it.
 */
export { pinSchema } from '../../shared/people';
export { CustomerForm } from '../customer/CustomerForm';
export { buyerGap } from './charge-check';
// The words of a buyer's gap (charge-check.ts) are the counter's late words: here when the check runs.
export { counterMessagesFor } from '../i18n/counter-text';
