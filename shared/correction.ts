/**
 * What an owner sends to correct or void a sale that needs attention (`corrections.correct`, `corrections.void`):
 * the corrected customer and/or lines held to the same rules as a charge (shared/customer.ts, shared/sale-input.ts),
 * and why. The correction screen's form checks with these same schemas.
 */
import { z } from 'zod';
import { customerInputSchema } from './customer';
import { requiredText } from './field-rules';
import { LIMITS } from './limits';
import { withOwnerOverride } from './people';
import { saleLinesSchema } from './sale-input';

const saleId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Why the owner corrected or voided the sale; kept in the correction record. */
export const correctionReasonSchema = requiredText(LIMITS.correctionReasonLength);

export const correctSaleSchema = withOwnerOverride({
  saleId,
  customer: customerInputSchema.optional(),
  items: saleLinesSchema.optional(),
  reason: correctionReasonSchema,
}).superRefine((input, ctx) => {
  if (input.customer === undefined && input.items === undefined) {
    ctx.addIssue({ code: 'custom', path: ['customer'], message: 'a correction changes the customer, the lines or both', input });
  }
});

export const voidSaleSchema = withOwnerOverride({ saleId, reason: correctionReasonSchema });

export const saleCorrectionQuerySchema = z.strictObject({ saleId });
