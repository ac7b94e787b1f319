import { describe, expect, it } from 'vitest';
import { ContractError } from '../../../../shared/api/errors';
import { readTokenResponse, validateTokenRequest } from '../../../../shared/api/token';

const valid = { grant_type: 'client_credentials', client_id: 'fc_demo', client_secret: 's3cr3t' };

describe('validateTokenRequest', () => {
  it('accepts the spec request', () => {
    expect(validateTokenRequest({ ...valid })).toEqual({ ok: true, value: valid });
  });

  it.each([
    [{ ...valid, grant_type: 'password' }, 'grant_type', 'grant_type must be client_credentials'],
    [{ client_id: 'fc_demo', client_secret: 's3cr3t' }, 'grant_type', 'grant_type is required'],
    [{ ...valid, client_id: 'demo' }, 'client_id', 'client_id must start with fc_'],
    [{ ...valid, client_id: 7 }, 'client_id', 'client_id must be a string'],
    [{ ...valid, client_secret: '' }, 'client_secret', 'client_secret must not be empty'],
    [{ ...valid, scope: 'all' }, 'scope', 'property scope should not exist'],
    [null, '', 'request body must be an object'],
  ])('refuses %j', (body, field, message) => {
    expect(validateTokenRequest(body)).toEqual({ ok: false, problems: [{ field, message }] });
  });

  it('reports every missing field at once', () => {
    const result = validateTokenRequest({});
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual(['grant_type', 'client_id', 'client_secret']);
  });
});

describe('readTokenResponse', () => {
  it('reads the spec response', () => {
    expect(readTokenResponse({ token_type: 'Bearer', access_token: 'eyJ.a.b', expires_in: 3600, scope: 'x' })).toEqual({
      access_token: 'eyJ.a.b',
      token_type: 'Bearer',
      expires_in: 3600,
    });
  });

  it.each([
    [{ access_token: 't', expires_in: '1800' }, { access_token: 't', token_type: 'Bearer', expires_in: 1800 }],
    [{ data: { access_token: 't', token_type: 'bearer', expires_in: 60 } }, { access_token: 't', token_type: 'bearer', expires_in: 60 }],
    [{ access_token: 't', expires_in: -5 }, { access_token: 't', token_type: 'Bearer', expires_in: 3600 }],
    [{ access_token: 't', expires_in: 'soon' }, { access_token: 't', token_type: 'Bearer', expires_in: 3600 }],
  ])('tolerates %j', (body, expected) => {
    expect(readTokenResponse(body)).toEqual(expected);
  });

  it.each([[{}], [{ access_token: '' }], [{ access_token: 42 }], ['eyJ.a.b'], [null]])('throws ContractError on %j', (body) => {
    expect(() => readTokenResponse(body)).toThrow(ContractError);
  });
});
