/**
 * Issue 26, "the server speaks like the tills": `npm run server` (server/cli.ts, run as the owner runs it, in its
 * own process) answers in Spanish, with the shop's time (America/Bogota) on a 24-hour clock, the addresses a till
 * can type instead of 0.0.0.0, a `--help` for every command and no Node stack trace for a mistake; Tienda's address
 * on this computer keeps its key across a restart and `status` shows it again.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS, shopClock, shopDateTime, tillAddresses } from '../../../server/cli-text';
import { startShopServerProcess } from '../../support/shop-server-process';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A Node stack trace's lines ("    at main (file:…)"). */
const STACK = /^\s+at .+\(?.*:\d+:\d+\)?$/m;

describe('the shop\'s clock and the tills\' addresses', () => {
  it('says times as Bogotá reads them, on 24 hours', () => {
    // 03:48:15 UTC on 28 November is 22:48:15 of the 27th in Bogotá (UTC−5, no daylight saving).
    const at = Date.UTC(2026, 10, 28, 3, 48, 15);
    expect(shopClock(at)).toBe('22:48:15');
    expect(shopDateTime(at)).toBe('2026-11-27 22:48');
    expect(shopClock(Date.UTC(2026, 10, 28, 17, 5, 0))).toBe('12:05:00');
  });

  it('lists each LAN address with the port when listening everywhere, never 0.0.0.0 nor the loopback', () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true, netmask: '255.0.0.0', mac: '00:00:00:00:00:00', cidr: '127.0.0.1/8' }],
      eth0: [
        { address: '192.168.1.20', family: 'IPv4', internal: false, netmask: '255.255.255.0', mac: 'aa:bb:cc:dd:ee:ff', cidr: '192.168.1.20/24' },
        { address: 'fe80::1', family: 'IPv6', internal: false, netmask: 'ffff:ffff:ffff:ffff::', mac: 'aa:bb:cc:dd:ee:ff', cidr: 'fe80::1/64', scopeid: 2 },
      ],
      wlan0: [{ address: '10.0.0.7', family: 'IPv4', internal: false, netmask: '255.0.0.0', mac: 'aa:bb:cc:dd:ee:00', cidr: '10.0.0.7/8' }],
    } as const;
    const lan = interfaces as unknown as Parameters<typeof tillAddresses>[3];
    expect(tillAddresses('0.0.0.0', 4300, 'https', lan)).toEqual(['https://192.168.1.20:4300', 'https://10.0.0.7:4300']);
    expect(tillAddresses('::', 4300, 'https', lan)).toEqual(['https://192.168.1.20:4300', 'https://10.0.0.7:4300']);
    // Told where to listen: that address is the one to type.
    expect(tillAddresses('192.168.1.20', 4300, 'https', lan)).toEqual(['https://192.168.1.20:4300']);
    expect(tillAddresses('0.0.0.0', 4300, 'https', { lo: interfaces.lo } as unknown as Parameters<typeof tillAddresses>[3])).toEqual([]);
  });
});

describe('npm run server, in the owner\'s words', () => {
  it('has a Spanish --help for every command, and says a mistake plainly without a stack trace', async () => {
    expect(COMMANDS).toEqual(['serve', 'pair', 'tills', 'rename', 'revoke', 'backups', 'backup-now', 'restore', 'status', 'service-account', 'webhooks']);
    const all = await cli(['--help']);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^Servidor de la tienda Mostrador\n/);
    for (const command of COMMANDS) {
      const one = await cli([command, '--help']);
      expect(one, command).toMatchObject({ code: 0, stderr: '' });
      expect(one.stdout).toMatch(new RegExp(`^Servidor de la tienda Mostrador — ${command}\\n`));
      expect(all.stdout).toContain(one.stdout.split('\n')[2]!.trim());
    }
    expect(await cli(['help', 'pair'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/— pair\n/) });

    const unknownOption = await cli(['--bogus']);
    expect(unknownOption).toMatchObject({ code: 2, stderr: 'servidor de la tienda: no existe la opción --bogus. Vea npm run server -- --help\n' });
    const missingValue = await cli(['--port']);
    expect(missingValue.code).toBe(2);
    expect(missingValue.stderr).toContain('a la opción --port le falta su valor');
    const unknownCommand = await cli(['frob']);
    expect(unknownCommand).toMatchObject({ code: 1, stderr: expect.stringMatching(/^servidor de la tienda: no hay una orden «frob»; las órdenes son serve, pair, tills, rename, revoke, backups, backup-now, restore, status/) });
    const noServer = await cli(['pair', '--data-dir', `${ROOT}test/no-such-shop-folder`]);
    expect(noServer).toMatchObject({ code: 1, stderr: expect.stringMatching(/^servidor de la tienda: ningún servidor ha funcionado con la carpeta /) });
    for (const answer of [unknownOption, missingValue, unknownCommand, noServer]) expect(answer.stderr).not.toMatch(STACK);
  }, 120_000);

  it('starts saying where it runs, pairs with Bogotá\'s 24-hour time, and keeps Tienda\'s address across a restart (status shows it)', async () => {
    const server = await startShopServerProcess({ backOffice: true });
    try {
      const started = server.output();
      expect(started).toMatch(/^Servidor de la tienda Mostrador en http:\/\/127\.0\.0\.1:\d+ \(PostgreSQL integrado en /m);
      expect(started).toContain(`Direcciones para las cajas (Ajustes → Servidor de la tienda):\n  ${server.url}\n`);
      expect(started).not.toContain('0.0.0.0');
      const first = server.backOfficeUrl();
      expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#key=[\w-]{32}$/);

      const before = Date.now();
      const paired = await cli(['pair', '--data-dir', server.dataDir]);
      const after = Date.now();
      expect(paired.code).toBe(0);
      const [codeLine, whenLine] = paired.stdout.trim().split('\n');
      expect(codeLine).toMatch(/^Código de emparejamiento: \w{5}-\w{5}$/);
      const until = /hasta las (\d\d:\d\d:\d\d), hora de la tienda/.exec(whenLine ?? '')?.[1];
      expect(whenLine).not.toMatch(/AM|PM/);
      // The code lasts 10 minutes: its end, on Bogotá's clock, lies between the two readings of this one.
      const possible = new Set<string>();
      for (let t = before + 600_000 - 1000; t <= after + 600_000 + 1000; t += 500) possible.add(shopClock(t));
      expect(possible).toContain(until);

      const listed = await cli(['tills', '--data-dir', server.dataDir]);
      expect(listed).toMatchObject({ code: 0, stdout: 'Aún no hay cajas emparejadas.\n' });

      // A restart: the same address, key and all (the back-office port given, as the owner's default 4301 is).
      const status = await cli(['status', '--data-dir', server.dataDir]);
      expect(status.code).toBe(0);
      expect(status.stdout).toContain(`Tienda en este computador (solo aquí): ${first}\n`);
      expect(status.stdout).toContain(`  ${server.url}\n`);
      await server.stop();
      const down = await cli(['status', '--data-dir', server.dataDir]);
      expect(down.code).toBe(1);
      expect(down.stdout).toMatch(/no responde: póngalo en marcha/);
      expect(down.stdout).not.toMatch(STACK);
      await server.start();
      expect(new URL(server.backOfficeUrl()).hash).toBe(new URL(first).hash);
    } finally {
      await server.dispose();
    }
  }, 180_000);
});
