import { describe, expect, it } from 'vitest';
import { ContractError, describeProblems, errorBody, readErrorBody } from '../../../../shared/api/errors';

describe('errorBody', () => {
  it('builds the spec error body, with an empty errors list by default', () => {
    expect(errorBody(401, 'UNAUTHORIZED', 'invalid client')).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'invalid client', errors: [] });
    expect(errorBody(400, 'VALIDATION', 'bad', [{ field: 'x', message: 'y' }]).errors).toEqual([{ field: 'x', message: 'y' }]);
  });
});

describe('readErrorBody', () => {
  it('reads the spec body with {field, message} entries', () => {
    const body = errorBody(400, 'VALIDATION', 'The request is not valid', [
      { field: 'items.0.quantity', message: 'items.0.quantity must be greater than 0' },
      { field: 'total', message: 'property total should not exist' },
    ]);
    expect(readErrorBody(body, 400)).toEqual({
      status: 400,
      code: 'VALIDATION',
      message: 'The request is not valid',
      details: ['items.0.quantity: items.0.quantity must be greater than 0', 'total: property total should not exist'],
    });
  });

  it.each([
    ['strings', ['grant_type must be client_credentials'], ['grant_type must be client_credentials']],
    ['{code, message, detail}', [{ code: 'FAK-1', message: 'Rechazo DIAN', detail: 'NIT no existe' }], ['Rechazo DIAN: NIT no existe']],
    ['{code, detail}', [{ code: 'FAK-1', detail: 'NIT no existe' }], ['NIT no existe']],
    ['{code} only', [{ code: 'FAK-1' }], ['FAK-1']],
    ['an object map', { 'items.0.quantity': ['must be > 0', 'must be a number'], email: 'invalid' }, ['items.0.quantity: must be > 0', 'items.0.quantity: must be a number', 'email: invalid']],
    ['path arrays', [{ path: ['items', 0, 'price'], message: 'too small' }], ['items.0.price: too small']],
    ['odd entries', [{ weird: true }, null, 7], ['{"weird":true}', '7']],
    ['nothing', null, []],
  ])('turns errors as %s into human details', (_shape, errors, details) => {
    expect(readErrorBody({ status: 422, code: 'VALIDATION', message: 'Invalid', errors }, 422).details).toEqual(details);
  });

  it.each([
    [undefined, 503, 'SERVER_ERROR'],
    ['<html><body>Bad Gateway</body></html>', 502, 'SERVER_ERROR'],
    ['', 429, 'RATE_LIMITED'],
    [{}, 404, 'NOT_FOUND'],
    [42, 401, 'UNAUTHORIZED'],
  ])('falls back to the HTTP status for a missing or non-JSON body (%j, %i)', (body, status, code) => {
    const reading = readErrorBody(body, status);
    expect(reading.status).toBe(status);
    expect(reading.code).toBe(code);
    expect(reading.message).toContain(`(HTTP ${status})`);
    expect(reading.details).toEqual([]);
  });

  it('reads a bare list of problems as the details', () => {
    expect(readErrorBody(['customer.email is not valid'], 400)).toMatchObject({ code: 'BAD_REQUEST', details: ['customer.email is not valid'] });
  });

  it('parses a body that arrives as JSON text', () => {
    expect(readErrorBody('{"status":404,"code":"NOT_FOUND","message":"No such document","errors":[]}', 404)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'No such document',
      details: [],
    });
  });

  it('reads OAuth, wrapped and problem+json bodies', () => {
    expect(readErrorBody({ error: 'invalid_client', error_description: 'Client authentication failed' }, 401)).toMatchObject({
      code: 'invalid_client',
      message: 'Client authentication failed',
    });
    expect(readErrorBody({ error: 'invalid_client' }, 401)).toMatchObject({
      code: 'invalid_client',
      message: 'The invoicing service did not accept the credentials (HTTP 401)',
    });
    expect(readErrorBody({ error: { code: 'RATE_LIMITED', message: 'Slow down', errors: ['300 per minute'] } }, 429)).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Slow down',
      details: ['300 per minute'],
    });
    expect(readErrorBody({ title: 'Unprocessable', detail: 'customer.dv is wrong' }, 422)).toMatchObject({
      code: 'VALIDATION',
      message: 'customer.dv is wrong',
    });
  });

  it('trusts the HTTP status over the body status', () => {
    expect(readErrorBody({ status: 200, code: 'X', message: 'y' }, 500).status).toBe(500);
  });
});

describe('describeProblems', () => {
  it('shortens a huge unknown entry', () => {
    const [text] = describeProblems([{ blob: 'x'.repeat(1000) }]);
    expect(text?.length).toBe(200);
    expect(text?.endsWith('...')).toBe(true);
  });
});

describe('ContractError', () => {
  it('is an Error with its own name', () => {
    const error = new ContractError('odd body');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ContractError');
    expect(error.message).toBe('odd body');
  });
});
