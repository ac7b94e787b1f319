import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { call } from './sandbox-calls';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ clientId: 'fc_shop', clientSecret: 'shop-secret', tokenTtlSeconds: 900 });
});
afterAll(() => sb.close());

const good = () => ({ grant_type: 'client_credentials', client_id: 'fc_shop', client_secret: 'shop-secret' });
const token = (body: unknown) => call(sb.baseUrl, 'POST', '/v1/oauth/token', { body });

describe('POST /v1/oauth/token', () => {
  it('issues an HS256 JWT for the client with iat, exp = iat + ttl and a jti', async () => {
    const res = await token(good());
    expect(res.status).toBe(200);
    expect(res.json.token_type).toBe('Bearer');
    expect(res.json.expires_in).toBe(900);
    const parts = (res.json.access_token as string).split('.');
    expect(parts).toHaveLength(3);
    const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString());
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(claims.sub).toBe('fc_shop');
    expect(claims.exp - claims.iat).toBe(900);
    expect(typeof claims.jti).toBe('string');
    const second = await token(good());
    expect(JSON.parse(Buffer.from(second.json.access_token.split('.')[1], 'base64url').toString()).jti).not.toBe(claims.jti);
  });

  it('rejects another grant_type with 400 VALIDATION saying it must be client_credentials', async () => {
    const res = await token({ ...good(), grant_type: 'password' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(res.json.message).toContain('grant_type must be client_credentials');
  });

  it('lists one error per missing field', async () => {
    const res = await token({ grant_type: 'client_credentials' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION');
    const fields = res.json.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['client_id', 'client_secret']);
  });

  it('rejects an unknown property with "property x should not exist"', async () => {
    const res = await token({ ...good(), scope: 'all' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toContainEqual({ field: 'scope', message: 'property scope should not exist' });
  });

  it('requires client_id to start with fc_', async () => {
    const res = await token({ ...good(), client_id: 'shop' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION');
    expect(res.json.errors.map((e: { field: string }) => e.field)).toContain('client_id');
  });

  it('answers 401 UNAUTHORIZED with empty errors for a wrong secret or an unknown client', async () => {
    for (const body of [{ ...good(), client_secret: 'nope' }, { ...good(), client_id: 'fc_other' }]) {
      const res = await token(body);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ status: 401, code: 'UNAUTHORIZED', message: expect.any(String), errors: [] });
    }
  });

  it('answers malformed JSON with 400 VALIDATION in the error body shape', async () => {
    const res = await call(sb.baseUrl, 'POST', '/v1/oauth/token', { rawBody: '{"grant_type": ' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, code: 'VALIDATION', errors: expect.any(Array) });
  });
});
