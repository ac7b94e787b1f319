/**
 * The DNS-SD adapter (common/shop-discovery.ts) with a real bonjour-service on the loopback interface — the only
 * interface a test may send on here. Not tried here: announcing and browsing across a real shop LAN (two computers,
 * a Wi-Fi router's multicast handling), IPv6 mDNS, and an interface whose kernel lets the group be joined but drops
 * the packets; those are the owner's to see (docs/till-finds-its-server.md says how).
 */
import { describe, expect, it } from 'vitest';
import { announceShopServer, browseShopServer, multicastProblem } from '../../../common/shop-discovery';

const FP = 'ab'.repeat(32);
const OTHER = 'cd'.repeat(32);
const loopbackMulticast = await multicastProblem('127.0.0.1');

describe('shop server discovery by mDNS (real bonjour-service)', () => {
  it.skipIf(loopbackMulticast !== null)(`finds the announce of its own fingerprint on loopback, with the address the announce names, and not another's${loopbackMulticast ? ` — SKIPPED: no multicast on loopback here (${loopbackMulticast})` : ''}`, async () => {
    const logs: string[] = [];
    const mine = await announceShopServer({ fingerprint: FP, shopId: 'shop-aaaaaaaa', port: 4999, hosts: ['127.0.0.1'], log: (l) => logs.push(l) });
    const other = await announceShopServer({ fingerprint: OTHER, shopId: 'shop-bbbbbbbb', port: 4998, hosts: ['127.0.0.1'], log: (l) => logs.push(l) });
    try {
      expect(mine.addresses).toEqual(['127.0.0.1:4999']);
      expect(await browseShopServer({ fingerprint: FP, timeoutMs: 3_000, interfaceHost: '127.0.0.1', first: true })).toEqual(['127.0.0.1:4999']);
      // Listening the whole time: the other server's announce is heard and left out.
      expect(await browseShopServer({ fingerprint: OTHER, timeoutMs: 1_500, interfaceHost: '127.0.0.1' })).toEqual(['127.0.0.1:4998']);
      expect(logs).toEqual([]);
    } finally {
      await mine.stop();
      await other.stop();
    }
    // Gone: nobody announces it any more (the goodbye was sent; a fresh browse hears nothing).
    expect(await browseShopServer({ fingerprint: FP, timeoutMs: 1_000, interfaceHost: '127.0.0.1' })).toEqual([]);
  }, 20_000);

  it('without multicast on the interface (an address not on this computer): one log line, nothing announced, stop returns; browsing there finds nothing', async () => {
    const logs: string[] = [];
    // 203.0.113.0/24 is documentation space: never an address of this computer, so the group cannot be joined there.
    const announced = await announceShopServer({ fingerprint: FP, shopId: 'shop-aaaaaaaa', port: 4999, hosts: ['203.0.113.9', '203.0.113.10'], log: (l) => logs.push(l) });
    expect(announced.addresses).toEqual([]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^shop server: not announced on the shop's network at 203\.0\.113\.9 \(.+\); tills reach it by the addresses typed at them$/);
    await announced.stop();
    expect(await browseShopServer({ fingerprint: FP, timeoutMs: 500, interfaceHost: '203.0.113.9' })).toEqual([]);
  });
});
