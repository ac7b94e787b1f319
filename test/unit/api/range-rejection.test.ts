import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../common/invoicing/errors';
import { asRangeInvalid, isRangeRejection } from '../../../common/invoicing/range-selection';

const refusal = (message: string, details: string[] = [], kind: ApiError['kind'] = 'permanent') =>
  new ApiError({ kind, status: 400, code: 'VALIDATION', message, details });

describe('range rejection', () => {
  it('recognises the range named in the message or in every detail, in any spelling', () => {
    expect(isRangeRejection(refusal('numbering_range_id is not current'))).toBe(true);
    expect(isRangeRejection(refusal('invalid', ['numberingRangeId: unknown']))).toBe(true);
    expect(isRangeRejection(refusal('invalid', ['The numbering range has expired']))).toBe(true);
  });

  it('ignores other refusals, mixed problems, and failures that are not refusals', () => {
    expect(isRangeRejection(refusal('invalid', []))).toBe(false);
    expect(isRangeRejection(refusal('invalid', ['numbering_range_id: unknown', 'customer.email: must be an e-mail']))).toBe(false);
    expect(isRangeRejection(refusal('numbering_range_id down', [], 'transient'))).toBe(false);
  });

  it('flags RANGE_INVALID keeping kind, status, message and details', () => {
    const flagged = asRangeInvalid(refusal('numbering_range_id is not current', ['numbering_range_id: expired']));
    expect(flagged).toBeInstanceOf(ApiError);
    expect(flagged).toMatchObject({
      kind: 'permanent',
      code: 'RANGE_INVALID',
      status: 400,
      message: 'numbering_range_id is not current',
      details: ['numbering_range_id: expired'],
      ambiguous: false,
    });
  });
});
