/** Pieces of the shop server's shared pairing state (issue 27): where an attempt is counted, and how a code is sealed. */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pairingSource, plainAddress } from '../../../server/pairing/attempts';
import { codeLookupHash, openCode, sealCode, type CodeKeys } from '../../../server/pairing/code-seal';
import { codeKeys } from '../../../server/pairing/code-seal';

const tlsKey = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const noDb = { query: async () => { throw new Error('a TLS key needs no database'); }, exec: async () => {} };

describe('where a wrong pairing proof is counted', () => {
  it('an IPv4 address as itself, IPv4-mapped IPv6 unwrapped, an IPv6 address by its /64 (one device holds many of those)', () => {
    expect(pairingSource('192.168.1.20')).toBe('192.168.1.20');
    expect(pairingSource('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(pairingSource('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(pairingSource('2001:db8:0:1:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64');
    expect(pairingSource('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(pairingSource('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(pairingSource('::1')).toBe('0:0:0:0::/64');
    expect(pairingSource(undefined)).toBe('unknown');
    // A proxy is named by its exact address: a neighbour in its /64 is not the proxy.
    expect(plainAddress('::ffff:10.0.0.2')).toBe('10.0.0.2');
    expect(plainAddress('2001:DB8::2')).toBe('2001:db8::2');
  });
});

describe('a pairing code sealed in the store', () => {
  it('opens with the keys of the same TLS key (any process of the shop), not with another certificate\'s, nor moved to another row', async () => {
    const pem = tlsKey();
    const keys: CodeKeys = await codeKeys(noDb, pem, 0);
    const sameShop = await codeKeys(noDb, pem, 0);
    const otherShop = await codeKeys(noDb, tlsKey(), 0);
    expect(keys.source).toBe('tls-key');
    expect(sameShop.id).toBe(keys.id);
    expect(otherShop.id).not.toBe(keys.id);
    const lookup = codeLookupHash(keys, 'k7qf2-m2xda');
    expect(lookup).toBe(codeLookupHash(sameShop, 'K7QF2M2XDA'));
    expect(lookup).not.toBe(codeLookupHash(otherShop, 'K7QF2M2XDA'));
    const sealed = sealCode(keys, 'K7QF2-M2XDA', lookup);
    expect(sealed).not.toContain('K7QF2');
    expect(openCode(sameShop, sealed, lookup)).toBe('K7QF2M2XDA');
    expect(openCode(otherShop, sealed, lookup)).toBeNull();
    expect(openCode(keys, sealed, codeLookupHash(keys, 'AAAAA-BBBBB'))).toBeNull();
    const tampered = Buffer.from(sealed, 'base64url');
    tampered[14] = tampered[14]! ^ 1;
    expect(openCode(keys, tampered.toString('base64url'), lookup)).toBeNull();
    expect(openCode(keys, 'short', lookup)).toBeNull();
  });
});
