/** No secret in the server's tables or logs; TLS with a pinned fingerprint off loopback; one server, one shop. */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPin } from '../../../common/pin-hash';
import { normalizePairingCode } from '../../../shared/shop/contract';
import type { Database } from '../../../server/db/adapter';
import { startShopServer } from '../../../server/server';
import { ensureCertificate } from '../../../server/tls';
import { httpsPeek, proofFor } from '../../support/shop-till';
import { startHarness, type Harness, type OpenDb } from './harness';
import { id32, product, sale } from './samples';

async function dumpTables(db: Database): Promise<string> {
  const { rows } = await db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const parts: string[] = [];
  for (const { tablename } of rows) {
    const dump = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${tablename}" t`);
    parts.push(...dump.rows.map((r) => `${tablename} ${r.row}`));
  }
  return parts.join('\n');
}

export function secretsAndTlsSuite(openDb: OpenDb): void {
  describe('secrets', () => {
    let h: Harness;
    beforeEach(async () => { h = await startHarness(openDb); });
    afterEach(async () => { await h.close(); });

    it('keeps no PIN, private key or pairing code in its tables or logs: PIN hashes and the code\'s hash only', async () => {
      const pin = '739154';
      const { body: opened } = await h.admin('POST', '/admin/pairing');
      // An open code is in the store only sealed: neither it nor its normalized form appears in any table.
      const whileOpen = await dumpTables(h.db);
      expect([opened.code, normalizePairingCode(opened.code)].some((c) => whileOpen.includes(c))).toBe(false);
      const till = h.newTill();
      expect((await till.pair(opened.code)).status).toBe(200);
      const person = { key: id32(), name: 'Ana', role: 'cashier', pinHash: await hashPin(pin, { N: 1024, r: 8, p: 1 }), active: true };
      await till.call('POST', '/v1/shop/upload', { shopName: 'Tienda', uploadId: id32(), products: [product('A')], customers: [], people: [person], settings: [], last: true });
      await till.call('POST', '/v1/commands', { commands: [{ id: id32(), kind: 'person.save', baseVersion: 1, at: 1, data: { ...person, name: 'Ana M.' } }] });
      await till.call('POST', '/v1/sales', { sales: [sale('R-1')] });
      await h.newTill().pair('ZZZZZZZZZZ');
      const text = `${await dumpTables(h.db)}\n${h.logs.join('\n')}`;
      const privateDer = till.privateKey.export({ format: 'der', type: 'pkcs8' });
      const secrets = [
        opened.code, normalizePairingCode(opened.code), `"${pin}"`, `:${pin}`, 'ZZZZZZZZZZ',
        privateDer.toString('base64url'), privateDer.toString('base64'), privateDer.subarray(-32).toString('base64url'), privateDer.subarray(-32).toString('hex'),
      ];
      for (const secret of secrets) expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
      // The code's row keeps a keyed hash (not the plain SHA-256 a reader could try 2^50 codes against) and, once used, no sealed copy.
      const codes = await h.db.query<{ code_hash: string; sealed: string | null }>('SELECT code_hash, sealed FROM pairing_codes');
      expect(codes.rows).toEqual([{ code_hash: expect.stringMatching(/^[0-9a-f]{64}$/), sealed: null }]);
      expect(codes.rows[0]!.code_hash).not.toBe(createHash('sha256').update(normalizePairingCode(opened.code)).digest('hex'));
      const people = await h.db.query<{ data: { pinHash: string } }>('SELECT data FROM people');
      expect(people.rows.every((r) => r.data.pinHash.startsWith('scrypt$'))).toBe(true);
      expect(h.logs.some((l) => l.includes('POST /v1/pair 403') && l.includes('pairing_refused'))).toBe(true);
    });
  });

  describe('TLS and shops', () => {
    let h: Harness | null = null;
    let dir = '';
    beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mostrador-cert-')); });
    afterEach(async () => {
      await h?.close();
      h = null;
      rmSync(dir, { recursive: true, force: true });
    });

    it('off loopback the server speaks TLS with its kept certificate; pairing proves the code against that fingerprint', async () => {
      const cert = ensureCertificate(dir);
      expect(ensureCertificate(dir).fingerprint).toBe(cert.fingerprint); // made once, kept
      h = await startHarness(openDb, { tls: cert });
      expect(h.server.url).toMatch(/^https:/);
      expect(h.server.fingerprint).toBe(cert.fingerprint);
      expect((await httpsPeek(`${h.server.url}/v1/health`)).fingerprint).toBe(cert.fingerprint);
      await expect(fetch(`${h.server.url.replace('https:', 'http:')}/v1/health`)).rejects.toThrow();
      const insecure = new Agent({ connect: { rejectUnauthorized: false } });
      const { body: opened } = await h.admin('POST', '/admin/pairing').catch(() => ({ body: null as any }));
      expect(opened).toBeNull(); // the harness's plain fetch cannot reach a TLS server: open pairing through the object
      const { code } = await h.server.pairing.openCode();
      const till = h.newTill();
      const pair = (fingerprint: string) => undiciFetch(`${h!.server.url}/v1/pair`, {
        method: 'POST', dispatcher: insecure, headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tillName: 'Caja', publicKey: till.publicKey, proof: proofFor(code, fingerprint, till.publicKey) }),
      });
      expect((await pair('loopback')).status).toBe(403);
      const good = await pair(cert.fingerprint);
      expect(good.status).toBe(200);
      expect(((await good.json()) as { certFingerprint: string }).certFingerprint).toBe(cert.fingerprint);
      await insecure.close();
    });

    it('refuses plain HTTP anywhere but loopback', async () => {
      const { db, cleanup } = await openDb();
      try {
        await expect(startShopServer({ db, host: '0.0.0.0', port: 0, tls: null, adminToken: 'x', log: () => {} })).rejects.toThrow(/loopback only/);
      } finally {
        await cleanup();
      }
    });

    it('a till of one shop is unknown to another shop\'s server', async () => {
      h = await startHarness(openDb);
      const other = await startHarness(openDb);
      try {
        const till = await h.pairedTill();
        const elsewhere = Object.assign(other.newTill(), { tillId: till.tillId });
        Object.assign(elsewhere, { privateKey: till.privateKey });
        const answer = await elsewhere.call('GET', '/v1/changes?since=0');
        expect([answer.status, answer.body.error.reason]).toEqual([401, 'unknown_till']);
        const shops = [(await h.db.query<{ id: string }>('SELECT id FROM shop')).rows[0]!.id, (await other.db.query<{ id: string }>('SELECT id FROM shop')).rows[0]!.id];
        expect(shops[0]).not.toBe(shops[1]);
      } finally {
        await other.close();
      }
    });
  });
}
