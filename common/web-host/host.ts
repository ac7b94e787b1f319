/**
 * Browser mode: the renderer and a bridge, served on 127.0.0.1 only (the till's core in electron/web.ts; the
 * back-office PC's host in the shop server, server/back-office-pc/). Bridge calls are `POST /bridge/<method>` with
 * the input as JSON and the per-launch key in `X-Mostrador-Key`; a chosen file (a catalog CSV) is `POST
 * /bridge-upload` with its bytes as the body, streamed to the core's upload folder; events are Server-Sent Events on
 * `GET /bridge/events?key=…`. Everything else is the built renderer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UPLOAD_PATH, type BridgeEnvelope } from '../../shared/bridge/contract';
import type { UploadReceiptDto } from '../../shared/bridge/types';
import { isAllowedHost, isAllowedOrigin, isLoopbackAddress, keyMatches } from './request-guard';
import { PAGE_SECURITY_HEADERS, serveStatic } from './static-files';

export const KEY_HEADER = 'x-mostrador-key';
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Past this, an oversized body is no longer read to its end: the connection is cut (only a keyed caller gets here). */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

export interface BrowserHostOptions {
  /** Runs one bridge call (the core's dispatch over its handlers). */
  call: (method: string, input: unknown) => Promise<BridgeEnvelope<unknown>>;
  /** The pushes to stream as Server-Sent Events (the till's core events; the back-office PC has none). */
  subscribe: (listener: (event: { event: string; payload: unknown }) => void) => () => void;
  /** Receives one upload's body as it arrives (the core's receiveUpload); without it, uploads are refused. */
  upload?: (body: AsyncIterable<Uint8Array>) => Promise<BridgeEnvelope<UploadReceiptDto>>;
  /** The built renderer (dist/renderer). */
  staticDir: string;
  /** The per-launch secret every bridge call must carry. */
  key: string;
  port?: number;
  log?: (line: string) => void;
}

export interface BrowserHost {
  port: number;
  /** The address to open, with the key in the fragment (never sent to a server, never in a log). */
  url: string;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

function forbidden(res: ServerResponse, message: string, reason?: string): void {
  sendJson(res, 403, { ok: false, error: { code: 'FORBIDDEN', message, ...(reason ? { reason } : {}) } } satisfies BridgeEnvelope<never>);
}

/**
 * The body as text, or null when it is larger than MAX_BODY_BYTES. An oversized body is still read to its end and
 * thrown away, so the 413 answer reaches the caller instead of a connection reset.
 */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DISCARD_BYTES) req.destroy();
      else if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('close', () => { if (!req.complete) reject(new Error('the request was cut off')); });
  });
}

/** Reads what is left of a body and drops it; past MAX_DISCARD_BYTES the connection is cut instead. */
function discardRest(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DISCARD_BYTES) req.destroy();
    });
    req.on('end', () => resolve());
    req.on('close', () => resolve());
    req.resume();
  });
}

/** A method name from the path, or null when its %-encoding is malformed (decodeURIComponent would throw). */
function methodFromPath(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

export async function startBrowserHost(opts: BrowserHostOptions): Promise<BrowserHost> {
  const log = opts.log ?? (() => {});
  const streams = new Set<ServerResponse>();
  let port = 0;

  /** A POST carrying this session's key; anything else is answered here (405 or 403) and goes no further. */
  function sessionPost(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST' }).end();
      return false;
    }
    if (!keyMatches(req.headers[KEY_HEADER] as string | undefined, opts.key)) {
      // Its own reason: the page says to open (or paste) the address with the key again (issue 26).
      forbidden(res, 'This call does not carry the key of this Mostrador session; open the address Mostrador printed.', 'BRIDGE_KEY_REFUSED');
      return false;
    }
    return true;
  }

  async function handleBridgeCall(req: IncomingMessage, res: ServerResponse, encodedMethod: string): Promise<void> {
    if (!sessionPost(req, res)) return;
    // Decoded only after the key check: a caller without the key learns nothing, not even that a name is malformed.
    const method = methodFromPath(encodedMethod);
    const text = await readBody(req);
    if (text === null) {
      sendJson(res, 413, { ok: false, error: { code: 'INVALID_INPUT', message: `The request is larger than ${MAX_BODY_BYTES} bytes.` } });
      return;
    }
    if (method === null) {
      sendJson(res, 404, { ok: false, error: { code: 'UNKNOWN_METHOD', message: 'The method name is not valid.' } });
      return;
    }
    let input: unknown = {};
    if (text.trim() !== '') {
      try {
        input = JSON.parse(text);
      } catch {
        sendJson(res, 400, { ok: false, error: { code: 'INVALID_INPUT', message: 'The request body is not valid JSON.' } });
        return;
      }
    }
    sendJson(res, 200, await opts.call(method, input));
  }

  async function handleUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!sessionPost(req, res)) return;
    if (!opts.upload) {
      sendJson(res, 404, { ok: false, error: { code: 'UNAVAILABLE', message: 'This till takes no uploads.' } });
      return;
    }
    // Not destroyed when the core stops reading early (too large): the rest is drained below so the answer arrives.
    const answer = await opts.upload(req.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>);
    if (!req.complete) await discardRest(req);
    sendJson(res, answer.ok ? 200 : 413, answer);
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET') {
      res.writeHead(405, { Allow: 'GET' }).end();
      return;
    }
    if (!keyMatches(url.searchParams.get('key'), opts.key)) {
      forbidden(res, 'This event stream needs the key of this Mostrador session.');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    const unsubscribe = opts.subscribe(({ event, payload }) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    // A comment now and then keeps proxies and the browser from closing an idle stream.
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The listener is on 127.0.0.1 already; these checks guard against DNS rebinding and other sites' pages.
    if (!isLoopbackAddress(req.socket.remoteAddress)) return forbidden(res, 'Mostrador answers only this computer.');
    if (!isAllowedHost(req.headers.host, port)) return forbidden(res, 'Open Mostrador at the 127.0.0.1 address it printed.');
    if (!isAllowedOrigin(req.headers.origin, port)) return forbidden(res, 'Calls from other sites are refused.');
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname === '/bridge/events') return handleEvents(req, res, url);
    if (url.pathname === UPLOAD_PATH) return handleUpload(req, res);
    if (url.pathname.startsWith('/bridge/')) return handleBridgeCall(req, res, url.pathname.slice('/bridge/'.length));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', ...PAGE_SECURITY_HEADERS }).end();
      return;
    }
    serveStatic(res, opts.staticDir, url.pathname, req.method);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`browser host: request failed: ${error instanceof Error ? error.message : 'unknown error'}`);
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'INTERNAL', message: 'The request failed.' } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${port}/#key=${opts.key}`,
    close() {
      for (const stream of streams) stream.end();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
