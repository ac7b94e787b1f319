/**
 * HTTP(S) to the shop server with its certificate pinned (issue 20). The server's certificate is self-signed, so no
 * authority vouches for it: the till compares the SHA-256 of the certificate the peer shows with the fingerprint it
 * pinned at pairing, before a byte of the request leaves, and refuses anything else (Syncthing's device ids work the
 * same way). Plain HTTP is allowed only to 127.0.0.1, pinned as "loopback". Every request has a deadline.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { isIP, type Socket } from 'node:net';
import tls from 'node:tls';
import { SERVER_TIME_HEADER } from '../../../shared/shop/contract';
import { CONTRACT_HEADER } from '../../../shared/shop/contract-version';
import { ShopError } from './shop-error';

/** The most of an answer the till reads (a page of 1 000 products is far below it). */
const MAX_ANSWER_BYTES = 16_000_000;

/** The longest a connection to one address may take before the till tries the next (ms). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 4_000;

export type CertificatePin = 'loopback' | string;

export function certificateFingerprint(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** Whether `url` may be used with `pin`: https with a fingerprint, or http to 127.0.0.1 pinned as loopback. */
export function transportProblem(url: URL, pin: CertificatePin): string | null {
  if (pin === 'loopback') return url.protocol === 'http:' && url.hostname === '127.0.0.1' ? null : 'plain HTTP is only for 127.0.0.1';
  if (url.protocol !== 'https:') return 'the shop server must be reached over HTTPS';
  return /^[0-9a-f]{64}$/.test(pin) ? null : 'the pinned certificate fingerprint is damaged';
}

function tlsOptions(url: URL): tls.ConnectionOptions {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return {
    host, port: Number(url.port || 443),
    // The certificate is checked against the pin below, not against an authority.
    rejectUnauthorized: false,
    ...(isIP(host) ? {} : { servername: host }),
  };
}

/** The fingerprint of the certificate the server at `url` shows now ("loopback" for http://127.0.0.1). */
export function fetchCertificatePin(url: URL, timeoutMs: number): Promise<CertificatePin> {
  if (url.protocol === 'http:') {
    if (url.hostname !== '127.0.0.1') return Promise.reject(new ShopError('INSECURE', 'plain HTTP is only for 127.0.0.1'));
    return Promise.resolve('loopback');
  }
  return new Promise((resolve, reject) => {
    const socket = tls.connect(tlsOptions(url));
    const timer = setTimeout(() => socket.destroy(new ShopError('TIMEOUT', 'the server did not answer the TLS handshake in time')), timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const cert = socket.getPeerCertificate();
      socket.end();
      if (!cert?.raw) reject(new ShopError('NETWORK', 'the server showed no certificate'));
      else resolve(certificateFingerprint(cert.raw));
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof ShopError ? error : new ShopError('NETWORK', error.message));
    });
  });
}

export interface PinnedRequest {
  url: URL;
  pin: CertificatePin;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
  /**
   * The longest the connection itself may take (TCP and the TLS handshake; default 4 s): an address that does not
   * answer is left quickly for the next one the till knows (issue 27), whatever the request's own deadline.
   */
  connectTimeoutMs?: number;
  /** Stops the request (the till closing while a long-poll waits). */
  signal?: AbortSignal;
}

/** An answer: its status, its text, the server's clock and contract version as its headers said them (null when absent). */
export interface PinnedAnswer { status: number; text: string; serverTime: string | null; contract: string | null }

export function pinnedRequest(req: PinnedRequest): Promise<PinnedAnswer> {
  const problem = transportProblem(req.url, req.pin);
  if (problem) return Promise.reject(new ShopError('INSECURE', problem));
  const connectMs = Math.min(req.timeoutMs, req.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: ShopError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const options: http.RequestOptions = {
      method: req.method,
      host: req.url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(req.url.port || (req.url.protocol === 'https:' ? 443 : 80)),
      path: `${req.url.pathname}${req.url.search}`,
      headers: { ...req.headers, ...(req.body !== null ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(req.body)) } : {}) },
    };
    // Without an agent of its own a request uses createConnection below (an agent would open its own sockets).
    if (req.pin === 'loopback') options.agent = false;
    if (req.pin !== 'loopback') {
      const pin = req.pin;
      options.createConnection = ((_: unknown, done: (error: Error | null, socket?: Socket) => void) => {
        const socket = tls.connect(tlsOptions(req.url));
        const connectTimer = setTimeout(() => socket.destroy(new ShopError('TIMEOUT', `no connection to the server within ${connectMs} ms`)), connectMs);
        socket.once('close', () => clearTimeout(connectTimer));
        socket.once('secureConnect', () => {
          clearTimeout(connectTimer);
          const raw = socket.getPeerCertificate()?.raw;
          if (!raw || certificateFingerprint(raw) !== pin) {
            socket.destroy();
            done(new ShopError('CERT_MISMATCH', 'the server showed a certificate other than the one paired with'));
            return;
          }
          done(null, socket);
        });
        socket.once('error', (error) => {
          clearTimeout(connectTimer);
          done(error);
        });
        return undefined;
      }) as unknown as http.RequestOptions['createConnection'];
    }
    const request = http.request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          request.destroy();
          fail(new ShopError('BAD_ANSWER', 'the server answered with more than the till reads'));
        } else chunks.push(chunk);
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const time = res.headers[SERVER_TIME_HEADER.toLowerCase()];
        const contract = res.headers[CONTRACT_HEADER.toLowerCase()];
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), serverTime: typeof time === 'string' ? time : null, contract: typeof contract === 'string' ? contract : null });
      });
      res.on('error', (error) => fail(new ShopError('NETWORK', error.message)));
    });
    const timer = setTimeout(() => {
      fail(new ShopError('TIMEOUT', `the server did not answer within ${req.timeoutMs} ms`));
      request.destroy();
    }, req.timeoutMs);
    request.on('error', (error) => fail(error instanceof ShopError ? error : new ShopError('NETWORK', error.message)));
    if (req.signal) {
      const abort = () => {
        fail(new ShopError('NETWORK', 'stopped'));
        request.destroy();
      };
      if (req.signal.aborted) abort();
      else req.signal.addEventListener('abort', abort, { once: true });
    }
    if (req.body !== null) request.write(req.body);
    request.end();
  });
}
