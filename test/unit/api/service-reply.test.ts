import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../shared/api/document';
import { ApiError } from '../../../common/invoicing/errors';
import type { HttpResponse } from '../../../common/invoicing/http';
import { failureFromResponse, readReply } from '../../../common/invoicing/service-reply';

function response(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  return { status, headers, bodyText, json };
}

const NOW = Date.parse('2025-03-01T12:00:00Z');

describe('failureFromResponse', () => {
  it.each([200, 201, 202, 204])('any 2xx (%i) is success', (status) => {
    expect(failureFromResponse(response(status, {}), NOW)).toBeNull();
  });

  it.each([
    [400, 'permanent'],
    [404, 'permanent'],
    [409, 'permanent'],
    [422, 'permanent'],
    [403, 'permanent'],
    [401, 'auth'],
    [408, 'transient'],
    [429, 'transient'],
    [500, 'transient'],
    [502, 'transient'],
    [503, 'transient'],
  ] as const)('HTTP %i is %s', (status, kind) => {
    const failure = failureFromResponse(response(status, { status, code: 'X', message: 'm', errors: [] }), NOW);
    expect(failure?.kind).toBe(kind);
    expect(failure?.status).toBe(status);
    expect(failure?.ambiguous).toBe(false);
  });

  it('keeps the service message and turns {field, message} entries into details', () => {
    const failure = failureFromResponse(
      response(400, {
        status: 400,
        code: 'VALIDATION',
        message: 'Request validation failed',
        errors: [{ field: 'items.0.quantity', message: 'must be positive' }],
      }),
      NOW,
    );
    expect(failure).toMatchObject({ kind: 'permanent', code: 'VALIDATION', message: 'Request validation failed' });
    expect(failure?.details).toEqual(['items.0.quantity: must be positive']);
  });

  it('reads errors given as a map of field to messages (another provider)', () => {
    const failure = failureFromResponse(
      response(422, { message: 'The given data was invalid.', errors: { 'customer.email': ['is not an e-mail'] } }),
      NOW,
    );
    expect(failure?.message).toBe('The given data was invalid.');
    expect(failure?.details).toEqual(['customer.email: is not an e-mail']);
  });

  it('an HTML error page from a proxy still gives a human message from the status', () => {
    const failure = failureFromResponse(response(502, '<html><body>Bad Gateway</body></html>'), NOW);
    expect(failure?.kind).toBe('transient');
    expect(failure?.message).toMatch(/HTTP 502/);
    expect(failure?.message).not.toMatch(/html/i);
  });

  it('429 carries Retry-After in seconds', () => {
    const failure = failureFromResponse(response(429, { code: 'RATE_LIMITED' }, { 'retry-after': '7' }), NOW);
    expect(failure).toMatchObject({ kind: 'transient', status: 429, retryAfterMs: 7_000 });
  });

  it('429 carries Retry-After given as an HTTP date', () => {
    const at = new Date(NOW + 12_000).toUTCString();
    const failure = failureFromResponse(response(429, {}, { 'retry-after': at }), NOW);
    expect(failure?.retryAfterMs).toBe(12_000);
  });

  it('429 without a usable Retry-After has no retryAfterMs (the caller backs off)', () => {
    expect(failureFromResponse(response(429, {}, { 'retry-after': 'soon' }), NOW)?.retryAfterMs).toBeUndefined();
    expect(failureFromResponse(response(429, {}), NOW)?.retryAfterMs).toBeUndefined();
  });
});

describe('readReply', () => {
  const doc = { id: 'd1', status: 'QUEUED', reference_code: 'R1', extra_field: { kept: true } };

  it('reads a bare document, a wrapped one, and keeps unknown fields', () => {
    expect(readReply(response(201, doc), readDocument, { ambiguous: true }).raw.extra_field).toEqual({ kept: true });
    expect(readReply(response(200, { data: doc }), readDocument, { ambiguous: true }).id).toBe('d1');
  });

  it('a 2xx that is not JSON is a contract error, ambiguous when asked (after a POST)', () => {
    const failure = (() => {
      try {
        readReply(response(201, '{"id": "d1", "sta'), readDocument, { ambiguous: true });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'contract', ambiguous: true, retryable: true, status: 201 });
  });

  it('a 2xx JSON the reader refuses (no id) is a contract error with the reason in details', () => {
    let failure: unknown = null;
    try {
      readReply(response(200, { status: 'QUEUED' }), readDocument, { ambiguous: false });
    } catch (e) {
      failure = e;
    }
    expect(failure).toMatchObject({ kind: 'contract', ambiguous: false });
    expect((failure as ApiError).details.join(' ')).toMatch(/no id/);
  });
});
