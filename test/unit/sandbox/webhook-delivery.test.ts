import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookDelivery, verifyWebhookSignature, type WebhookDelivery } from '../../../sandbox/webhook-delivery';

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A real receiver on 127.0.0.1; `answer(n)` decides the status of the n-th request (1-based), or leaves it hanging. */
async function startReceiver(answer: (n: number) => number | 'hang') {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      const status = answer(received.length);
      if (status === 'hang') return;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/mostrador?tenant=demo`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Resolves at the first log line matching `pattern`; rejects after `ms` so a broken delivery cannot hang the suite. */
function logWatcher() {
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  return {
    lines,
    log(line: string) {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.pattern.test(line))) waiter.resolve(line);
    },
    waitFor(pattern: RegExp, ms = 10_000): Promise<string> {
      const already = lines.find((line) => pattern.test(line));
      if (already !== undefined) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no log line matching ${pattern} within ${ms} ms: ${lines.join(' | ')}`)), ms);
        waiters.push({ pattern, resolve: (line) => { clearTimeout(timer); resolve(line); } });
      });
    },
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function track<T extends WebhookDelivery>(delivery: T): T {
  cleanups.push(() => delivery.close());
  return delivery;
}

const SECRET = 'whsec_test_only';
const EVENT = { type: 'document.validated', data: { id: '7d0e6c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6', full_number: 'SETP990000001', total: '1190.00' } };

describe('createWebhookDelivery (fixed clock and jitter)', () => {
  it('retries a receiver that fails twice and delivers on attempt 3 with a verifiable signature and identical bytes', async () => {
    const receiver = await startReceiver((n) => (n <= 2 ? 500 : 204));
    cleanups.push(receiver.close);
    const watcher = logWatcher();
    const delivery = track(
      createWebhookDelivery({
        now: () => 1_700_000_000_123,
        random: () => 0.5,
        newEventId: () => 'evt_1',
        baseDelayMs: 10,
        maxDelayMs: 1_000,
        log: watcher.log,
      }),
    );

    delivery.deliver({ url: receiver.url, secret: SECRET }, EVENT);
    expect(delivery.pending()).toBe(1);
    await watcher.waitFor(/delivered/);

    expect(delivery.pending()).toBe(0);
    expect(receiver.received).toHaveLength(3);
    for (const { headers, body } of receiver.received) {
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-sandbox-event-id']).toBe('evt_1');
      expect(headers['x-sandbox-timestamp']).toBe('1700000000');
      expect(verifyWebhookSignature(SECRET, body, headers['x-sandbox-signature'] as string)).toBe(true);
      expect(body.equals(receiver.received[0]!.body)).toBe(true);
    }
    expect(JSON.parse(receiver.received[2]!.body.toString('utf8'))).toEqual(EVENT);
    // Equal jitter with random 0.5: ¾ of 10 ms, then ¾ of 20 ms.
    expect(watcher.lines.filter((line) => line.includes('retry in'))).toEqual([
      expect.stringContaining('attempt 1 failed (HTTP 500); retry in 8 ms'),
      expect.stringContaining('attempt 2 failed (HTTP 500); retry in 15 ms'),
    ]);
    expect(await watcher.waitFor(/delivered/)).toContain('on attempt 3');
  });

  it('never logs the secret or the query string of the target', async () => {
    const receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
    cleanups.push(receiver.close);
    const watcher = logWatcher();
    const delivery = track(createWebhookDelivery({ random: () => 0, baseDelayMs: 5, log: watcher.log }));
    delivery.deliver({ url: receiver.url, secret: SECRET }, EVENT);
    await watcher.waitFor(/delivered/);
    expect(watcher.lines.join('\n')).not.toContain(SECRET);
    expect(watcher.lines.join('\n')).not.toContain('tenant=demo');
  });

  it('gives up after maxAttempts and stops counting the event as pending', async () => {
    const receiver = await startReceiver(() => 503);
    cleanups.push(receiver.close);
    const watcher = logWatcher();
    const delivery = track(createWebhookDelivery({ random: () => 0, baseDelayMs: 5, maxAttempts: 3, log: watcher.log }));
    delivery.deliver({ url: receiver.url, secret: SECRET }, EVENT);
    expect(await watcher.waitFor(/given up/)).toContain('after 3 attempts: HTTP 503');
    expect(receiver.received).toHaveLength(3);
    expect(delivery.pending()).toBe(0);
  });

  it('abandons an attempt that gets no answer within timeoutMs and retries it', async () => {
    const receiver = await startReceiver((n) => (n === 1 ? 'hang' : 200));
    cleanups.push(receiver.close);
    const watcher = logWatcher();
    const delivery = track(createWebhookDelivery({ random: () => 0, baseDelayMs: 5, timeoutMs: 200, log: watcher.log }));
    delivery.deliver({ url: receiver.url, secret: SECRET }, EVENT);
    expect(await watcher.waitFor(/delivered/)).toContain('on attempt 2');
    expect(watcher.lines.some((line) => line.includes('attempt 1 failed (timed out or cancelled)'))).toBe(true);
  });

  it('close() cancels a scheduled retry: no further request, nothing pending, later events dropped', async () => {
    const receiver = await startReceiver(() => 500);
    cleanups.push(receiver.close);
    const watcher = logWatcher();
    const delivery = createWebhookDelivery({ random: () => 0, baseDelayMs: 60_000, log: watcher.log });
    delivery.deliver({ url: receiver.url, secret: SECRET }, EVENT);
    // 60 s capped at maxDelayMs (30 s); with random 0 the equal jitter gives half of that.
    await watcher.waitFor(/retry in 15000 ms/);

    await delivery.close();
    expect(delivery.pending()).toBe(0);
    delivery.deliver({ url: receiver.url, secret: SECRET }, EVENT);
    expect(delivery.pending()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('drops a target that is not an http(s) URL instead of retrying it', () => {
    const watcher = logWatcher();
    const delivery = track(createWebhookDelivery({ log: watcher.log }));
    delivery.deliver({ url: 'file:///etc/passwd', secret: SECRET }, EVENT);
    expect(delivery.pending()).toBe(0);
    expect(watcher.lines).toEqual([expect.stringContaining('not an http(s) URL')]);
  });
});

describe('verifyWebhookSignature', () => {
  const body = Buffer.from(JSON.stringify(EVENT));
  const header = 'sha256=' + '0'.repeat(64);

  it('rejects a wrong secret, a changed body and malformed headers', async () => {
    const receiver = await startReceiver(() => 200);
    cleanups.push(receiver.close);
    const watcher = logWatcher();
    const delivery = track(createWebhookDelivery({ log: watcher.log }));
    delivery.deliver({ url: receiver.url, secret: SECRET }, EVENT);
    await watcher.waitFor(/delivered/);
    const { body: sent, headers } = receiver.received[0]!;
    const signature = headers['x-sandbox-signature'] as string;

    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(SECRET, sent, signature)).toBe(true);
    expect(verifyWebhookSignature(SECRET, sent.toString('utf8'), signature)).toBe(true);
    expect(verifyWebhookSignature('another-secret', sent, signature)).toBe(false);
    expect(verifyWebhookSignature(SECRET, Buffer.concat([sent, Buffer.from(' ')]), signature)).toBe(false);
    expect(verifyWebhookSignature(SECRET, body, header)).toBe(false);
    expect(verifyWebhookSignature(SECRET, sent, signature.slice('sha256='.length))).toBe(false);
    expect(verifyWebhookSignature(SECRET, sent, 'sha256=abc')).toBe(false);
    expect(verifyWebhookSignature(SECRET, sent, undefined)).toBe(false);
  });
});
