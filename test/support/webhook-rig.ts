/**
 * Parts for the webhook tests and bench: the sandbox's registration as the shop server would make it (its token
 * through the real token route), invoices created at the sandbox, a relay in front of the receiver that records
 * each delivery verbatim (a reverse proxy, so a genuine delivery can be resent byte for byte), and signed or forged
 * deliveries made here. Every request is bounded in time; everything is on 127.0.0.1.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '../../sandbox/server';
import type { ServiceAccess } from '../../server/webhooks/settings';
import { validInvoiceRequest } from './invoice-body';

const TIMEOUT_MS = 10_000;

export async function sandboxToken(sb: RunningSandbox): Promise<string> {
  const res = await fetch(`${sb.baseUrl}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: sb.clientId, client_secret: sb.clientSecret }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`token: HTTP ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export function sandboxAccess(sb: RunningSandbox): ServiceAccess {
  return { baseUrl: sb.baseUrl, bearerToken: () => sandboxToken(sb) };
}

/** Registers `url` at the sandbox directly (another service account's registration, say). */
export async function registerAt(sb: RunningSandbox, url: string): Promise<{ id: string; secret: string }> {
  const res = await fetch(`${sb.baseUrl}/sandbox/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await sandboxToken(sb)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status !== 201) throw new Error(`register: HTTP ${res.status}`);
  return (await res.json()) as { id: string; secret: string };
}

/** An invoice at the sandbox; its id. */
export async function createInvoice(sb: RunningSandbox, referenceCode: string): Promise<string> {
  const token = await sandboxToken(sb);
  const ranges = await fetch(`${sb.baseUrl}/v1/numbering-ranges`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const range = ((await ranges.json()) as { data: Array<{ id: string; document_type: string; is_active: boolean }> }).data
    .find((r) => r.document_type === 'INVOICE' && r.is_active);
  if (!range) throw new Error('no current INVOICE range');
  const res = await fetch(`${sb.baseUrl}/v1/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(validInvoiceRequest(range.id, referenceCode)),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status !== 201 && res.status !== 202 && res.status !== 200) throw new Error(`invoice: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export interface Recorded { path: string; headers: IncomingHttpHeaders; body: Buffer; status: number }

/** A relay on 127.0.0.1 that forwards every request to `target` unchanged and records it with the answer's status. */
export async function recordingRelay(target: () => string): Promise<{ url: string; recorded: Recorded[]; close(): Promise<void> }> {
  const recorded: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const out = request(`${target()}${req.url ?? '/'}`, { method: req.method, headers: req.headers, timeout: TIMEOUT_MS }, (answer) => {
        const back: Buffer[] = [];
        answer.on('data', (c: Buffer) => back.push(c));
        answer.on('end', () => {
          recorded.push({ path: req.url ?? '/', headers: req.headers, body, status: answer.statusCode ?? 0 });
          res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(back));
        });
      });
      out.on('error', () => res.writeHead(502).end());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    recorded,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** A document.status_changed event as the sandbox shapes it. */
export function serviceEvent(documentId: string, status = 'QUEUED', at = Date.now()): { id: string; type: string; created_at: string; data: { document: Record<string, unknown> } } {
  return { id: randomUUID(), type: 'document.status_changed', created_at: new Date(at).toISOString(), data: { document: { id: documentId, status } } };
}

/** Headers and body of a delivery signed with `secret` the sandbox's way (a wrong secret: a forgery). */
export function signed(secret: string, event: unknown, at = Date.now()): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(event);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-event-id': `evt_${randomUUID()}`,
      'x-sandbox-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      'x-sandbox-timestamp': String(Math.floor(at / 1000)),
    },
  };
}

export async function post(url: string, headers: Record<string, string>, body: string | Buffer): Promise<{ status: number; headers: Headers; json: any }> {
  const res = await fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json };
}

/** Waits (bounded) until `check` holds; then returns. */
export async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 15_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`still waiting after ${limitMs} ms: ${what}`);
}
