import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { call, currentInvoiceRangeId, invoiceBody, tokenFor } from './sandbox-calls';

interface Received {
  raw: string;
  signature: string | undefined;
  event: any;
}

let sb: RunningSandbox;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let failuresToAnswer = 0;

beforeAll(async () => {
  // A real local receiver; it can be told to answer 500 to exercise the retries.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failuresToAnswer > 0) {
        failuresToAnswer -= 1;
        res.writeHead(500).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ raw, signature: req.headers['x-sandbox-signature'] as string | undefined, event: JSON.parse(raw) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/mostrador`;
  sb = await startSandbox({ validationDelayMs: 0, faults: true, webhookBaseDelayMs: 10, webhookMaxAttempts: 5 });
});
afterAll(async () => {
  await sb.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function eventsFor(documentId: string, count: number): Promise<Received[]> {
  for (let i = 0; i < 400; i++) {
    const mine = received.filter((r) => r.event.data?.document?.id === documentId);
    if (mine.length >= count) return mine;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`only ${received.length} webhook events arrived`);
}

describe('webhooks', () => {
  let secret: string;

  it('registers a receiver and returns its id and signing secret', async () => {
    const token = await tokenFor(sb);
    const res = await call(sb.baseUrl, 'POST', '/sandbox/webhooks', { token, body: { url: receiverUrl } });
    expect(res.status).toBe(201);
    expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof res.json.secret).toBe('string');
    expect(res.json.secret.length).toBeGreaterThanOrEqual(32);
    secret = res.json.secret;
  });

  it('rejects a registration without a usable URL or with extra properties', async () => {
    const token = await tokenFor(sb);
    for (const body of [{}, { url: 'ftp://example.com/x' }, { url: receiverUrl, events: ['all'] }]) {
      const res = await call(sb.baseUrl, 'POST', '/sandbox/webhooks', { token, body });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('VALIDATION');
    }
  });

  it('delivers signed document.status_changed events for QUEUED and VALIDATED, retrying a failing receiver', async () => {
    const token = await tokenFor(sb);
    failuresToAnswer = 2;
    const created = await call(sb.baseUrl, 'POST', '/v1/invoices', {
      token,
      body: invoiceBody(await currentInvoiceRangeId(sb, token), 'HOOK-1'),
    });
    const events = await eventsFor(created.json.id, 2);
    const statuses = events.map((e) => e.event.data.document.status).sort();
    expect(statuses).toEqual(['QUEUED', 'VALIDATED']);
    for (const { raw, signature, event } of events) {
      expect(signature).toBe(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
      expect(event).toMatchObject({ id: expect.any(String), type: 'document.status_changed', created_at: expect.any(String) });
      expect(event.data.document.reference_code).toBe('HOOK-1');
    }
    const validated = events.find((e) => e.event.data.document.status === 'VALIDATED')!.event.data.document;
    expect(validated.cufe).toMatch(/^[0-9a-f]{64}$/);
    expect(validated.full_number).toMatch(/^SETP/);
    expect(failuresToAnswer).toBe(0);
  });

  it('announces a rejection with its reasons', async () => {
    const token = await tokenFor(sb);
    await call(sb.baseUrl, 'POST', '/sandbox/faults', { token, body: { reject_references: ['HOOK-REJ'] } });
    const created = await call(sb.baseUrl, 'POST', '/v1/invoices', {
      token,
      body: invoiceBody(await currentInvoiceRangeId(sb, token), 'HOOK-REJ'),
    });
    const events = await eventsFor(created.json.id, 2);
    const rejected = events.find((e) => e.event.data.document.status === 'REJECTED');
    expect(rejected?.event.data.document.errors).toEqual([expect.stringContaining('FAD06')]);
  });
});
