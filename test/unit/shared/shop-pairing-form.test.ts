import { describe, expect, it } from 'vitest';
import { shopAddressChangeSchema, shopPairingSchema, shopServerUrl } from '../../../shared/shop/pairing-form';

describe('the shop server address and pairing code as typed', () => {
  it('reads an address as HTTPS unless it is plain HTTP to this computer', () => {
    expect(shopServerUrl('192.168.1.20:8443')).toBe('https://192.168.1.20:8443');
    expect(shopServerUrl(' https://Caja-Servidor.local:443/ ')).toBe('https://caja-servidor.local');
    expect(shopServerUrl('http://127.0.0.1:4300')).toBe('http://127.0.0.1:4300');
    expect(shopServerUrl('http://192.168.1.20:4300')).toBeNull();
    expect(shopServerUrl('https://servidor/v1/pair')).toBeNull();
    expect(shopServerUrl('ftp://servidor')).toBeNull();
    expect(shopServerUrl('servidor:99999')).toBeNull();
    expect(shopServerUrl('')).toBeNull();
  });

  it('accepts the code as the server shows it, in either case, with or without its dash', () => {
    expect(shopPairingSchema.safeParse({ address: '10.0.0.2:8443', code: 'k7qf2-m2xda' }).success).toBe(true);
    expect(shopPairingSchema.safeParse({ address: '10.0.0.2:8443', code: 'K7QF2M2XDA', seedShop: true }).success).toBe(true);
    const bad = shopPairingSchema.safeParse({ address: 'http://10.0.0.2', code: 'K7QF2' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['address', 'code']);
  });

  it('takes another address of the paired server by the same rule, and refuses nonsense at the address field (issue 27)', () => {
    expect(shopAddressChangeSchema.safeParse({ address: '192.168.1.21:4300' }).success).toBe(true);
    expect(shopAddressChangeSchema.safeParse({ address: '192.168.1.21:4300', extra: true }).success).toBe(true);
    for (const address of ['', '   ', 'servidor:99999', 'http://192.168.1.21:4300', 'https://servidor/v1/pair', 'x'.repeat(300)]) {
      const bad = shopAddressChangeSchema.safeParse({ address });
      expect(bad.success, address).toBe(false);
      expect(bad.error?.issues.map((i) => i.path.join('.'))).toContain('address');
    }
    expect(shopAddressChangeSchema.safeParse({ address: '192.168.1.21:4300', other: 1 }).success).toBe(false);
  });
});
