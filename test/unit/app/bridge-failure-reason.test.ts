/** An invoicing API failure crosses the bridge with a reason code the screen has words for (issue 17). */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../common/invoicing/errors';
import { toBridgeError } from '../../../electron/core/bridge/bridge-failure';

describe('toBridgeError for the invoicing API', () => {
  it('a failure of ours carries its code and none of its English as the service\'s words', () => {
    const error = toBridgeError(new ApiError({ kind: 'transient', code: 'NETWORK', message: 'Could not connect to the invoicing service' }));
    expect(error).toEqual({ code: 'SERVICE', message: 'The invoicing service answered: Could not connect to the invoicing service', reason: 'NETWORK' });
  });

  it('an answer of the service carries its code and its own words', () => {
    const error = toBridgeError(new ApiError({ kind: 'permanent', status: 400, code: 'VALIDATION', message: 'grant_type must be client_credentials' }));
    expect(error).toMatchObject({ code: 'SERVICE', reason: 'VALIDATION', serviceMessage: 'grant_type must be client_credentials' });
    expect(toBridgeError(new ApiError({ kind: 'contract', message: 'x' }))).toMatchObject({ reason: 'CONTRACT' });
  });
});
