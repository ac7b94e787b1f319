/**
 * A till as the shop server sees one, for tests and benches: its own Ed25519 key pair, pairing by proof of the code,
 * and requests signed by the contract's rule, with ways to break each part (time, nonce, signature, key).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { AUTH_SCHEME, normalizePairingCode, signingString } from '../../shared/shop/contract';
import { createHmac } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';

export interface Answer { status: number; body: any; headers: Headers }

export function proofFor(code: string, fingerprint: string, publicKey: string): string {
  return createHmac('sha256', normalizePairingCode(code)).update(`${fingerprint}\n${publicKey}`).digest('base64url');
}

export class ShopTill {
  readonly privateKey: KeyObject;
  readonly publicKey: string;
  tillId = '';
  tillNumber = 0;

  private readonly agent: Agent | null;

  /** `from`: the local address its requests leave from (127.0.0.2, … bind on Linux), so the server sees another source. */
  constructor(readonly baseUrl: string, options: { from?: string } = {}) {
    this.agent = options.from ? new Agent({ localAddress: options.from }) : null;
    const pair = generateKeyPairSync('ed25519');
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64url');
  }

  /** The same till (its id, number and key) speaking to another address of its server (a second process). */
  at(baseUrl: string): ShopTill {
    return Object.assign(Object.create(ShopTill.prototype) as ShopTill, this, { baseUrl });
  }

  async pair(code: string, options: { fingerprint?: string; name?: string } = {}): Promise<Answer> {
    const proof = proofFor(code, options.fingerprint ?? 'loopback', this.publicKey);
    const answer = await this.raw('POST', '/v1/pair', JSON.stringify({ ...(options.name === undefined ? {} : { tillName: options.name }), publicKey: this.publicKey, proof }));
    if (answer.status === 200) {
      this.tillId = answer.body.tillId;
      this.tillNumber = answer.body.tillNumber;
    }
    return answer;
  }

  authorization(method: string, pathWithQuery: string, body: string, over: { ts?: number; nonce?: string; key?: KeyObject; tillId?: string } = {}): string {
    const ts = over.ts ?? Date.now();
    const nonce = over.nonce ?? randomBytes(16).toString('base64url');
    const hash = createHash('sha256').update(body).digest('hex');
    const sig = sign(null, Buffer.from(signingString(method, pathWithQuery, ts, nonce, hash)), over.key ?? this.privateKey).toString('base64url');
    return `${AUTH_SCHEME} till=${over.tillId ?? this.tillId}, ts=${ts}, nonce=${nonce}, sig=${sig}`;
  }

  /** A signed request; `body` is sent as JSON unless it is already a string. */
  async call(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown, over: Parameters<ShopTill['authorization']>[3] = {}): Promise<Answer> {
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return this.raw(method, pathWithQuery, method === 'GET' ? undefined : text, { Authorization: this.authorization(method, pathWithQuery, text, over) });
  }

  async raw(method: string, pathWithQuery: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
    const init = { method, headers: { 'Content-Type': 'application/json', ...headers }, ...(body !== undefined ? { body } : {}) };
    const res = this.agent ? await undiciFetch(`${this.baseUrl}${pathWithQuery}`, { ...init, dispatcher: this.agent }) : await fetch(`${this.baseUrl}${pathWithQuery}`, init);
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON: kept as text */ }
    return { status: res.status, body: parsed, headers: res.headers as Headers };
  }
}

/** GET over HTTPS, returning the certificate the server showed (for pinning tests). */
export function httpsPeek(url: string): Promise<{ status: number; fingerprint: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { rejectUnauthorized: false }, (res) => {
      const cert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, fingerprint: (cert.fingerprint256 ?? '').replace(/:/g, '').toLowerCase() }));
    });
    req.on('error', reject);
    req.end();
  });
}
