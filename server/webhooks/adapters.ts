/**
 * How a delivery is checked, by adapter. The service's specification shows no signing scheme, so only the sandbox's
 * is known: `sandbox` checks X-Sandbox-Signature (`sha256=` + HMAC-SHA256 of the raw body with the secret the sandbox
 * gave at registration), constant-time, and the freshness of X-Sandbox-Timestamp and of the event's signed
 * `created_at`. `manual` (the owner registered the URL in a provider's portal): no scheme is known, so nothing is
 * checked beyond the unguessable path token; the event is stored as unverified, and in every case the document's
 * state is only what the confirmer reads with a GET.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { WebhookAdapterKind } from '../../shared/shop/service-webhooks';

export type SignatureVerdict = 'verified' | 'unsigned' | 'bad_signature';

export interface WebhookAdapter {
  kind: WebhookAdapterKind;
  /** Checks the raw body against the headers, before anything of the body is parsed. */
  verify(headers: IncomingHttpHeaders, raw: Buffer): SignatureVerdict;
  /** The sender's timestamp header, when the adapter knows one (a hint: not covered by the sandbox's signature). */
  timestamp(headers: IncomingHttpHeaders): string | undefined;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Equal strings, in a time that does not depend on where they differ (both hashed first: lengths leak nothing). */
export function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}

export function sandboxAdapter(signingSecret: string): WebhookAdapter {
  return {
    kind: 'sandbox',
    verify(headers, raw) {
      const given = header(headers, 'x-sandbox-signature');
      if (typeof given !== 'string' || !given.startsWith('sha256=')) return 'bad_signature';
      const expected = `sha256=${createHmac('sha256', signingSecret).update(raw).digest('hex')}`;
      return sameSecret(expected, given.trim()) ? 'verified' : 'bad_signature';
    },
    timestamp: (headers) => header(headers, 'x-sandbox-timestamp'),
  };
}

export function manualAdapter(): WebhookAdapter {
  return { kind: 'manual', verify: () => 'unsigned', timestamp: () => undefined };
}
