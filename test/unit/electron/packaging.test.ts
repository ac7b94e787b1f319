import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** electron-builder's own loader and schema check, reached through electron-builder's dependencies. */
interface ConfigTools {
  getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<Record<string, any>>;
  validateConfiguration(config: Record<string, unknown>, logger: unknown): Promise<void>;
}
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
const tools = fromBuilder('app-builder-lib/out/util/config/config') as ConfigTools;
const { DebugLogger } = fromBuilder('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

const loadConfig = () => tools.getConfig(ROOT, 'electron-builder.yml', null);

describe('electron-builder.yml', () => {
  it("passes electron-builder's schema validation", async () => {
    await expect(tools.validateConfiguration(await loadConfig(), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('is checked for real: a misspelt option is refused', async () => {
    const config = { ...(await loadConfig()), asarUnpak: ['node_modules/keytar/**'] };
    await expect(tools.validateConfiguration(config, new DebugLogger(false))).rejects.toThrow(/asarUnpak/);
  });

  it('names the app and packs the bundles with the native modules unpacked', async () => {
    const config = await loadConfig();
    expect(config.appId).toBe('co.mostrador.pos');
    expect(config.productName).toBe('Mostrador');
    expect(config.directories.buildResources).toBe('build');
    // Only the build output and the manifest: sources, tests and the sandbox's tooling stay out of the package.
    expect(config.files).toEqual([{ filter: ['dist/**', 'package.json'] }]);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['node_modules/better-sqlite3/**', 'node_modules/keytar/**']));
    const main = (JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { main: string }).main;
    expect(main).toBe('dist/electron/main.cjs');
  });

  it('builds AppImage and deb on Linux, an NSIS installer on Windows and a dmg on macOS', async () => {
    const config = await loadConfig();
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
  });
});

describe('build/ icon', () => {
  it('is a 512×512 RGBA PNG, the size every target can be made from', () => {
    const png = readFileSync(`${ROOT}/build/icon.png`);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    expect(png[25]).toBe(6); // colour type RGBA: the rounded corners are transparent
  });

  it('has an SVG source of the same picture', () => {
    const svg = readFileSync(`${ROOT}/build/icon.svg`, 'utf8');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 512 512"/);
  });
});

describe('electron-builder.yml: Electron fuses (Electron security checklist)', () => {
  /** The one acceptable value of each fuse; a missing fuse keeps Electron's default, which for these is the loose one. */
  const REQUIRED_FUSES = {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    onlyLoadAppFromAsar: true,
    enableEmbeddedAsarIntegrityValidation: true,
    grantFileProtocolExtraPrivileges: false,
  };

  it('flips every fuse the checklist asks for, none left at its default', async () => {
    const fuses = (await loadConfig()).electronFuses as Record<string, boolean>;
    for (const [fuse, value] of Object.entries(REQUIRED_FUSES)) expect(fuses?.[fuse], fuse).toBe(value);
  });

  it('fails when one is loosened (the check reads the real file, through electron-builder\'s loader)', async () => {
    const fuses = (await loadConfig()).electronFuses as Record<string, boolean>;
    const loosened: Record<string, boolean> = { ...fuses, runAsNode: true };
    expect(Object.entries(REQUIRED_FUSES).every(([fuse, value]) => loosened[fuse] === value)).toBe(false);
    await expect(tools.validateConfiguration({ ...(await loadConfig()), electronFuses: { ...fuses, runAsNod: false } }, new DebugLogger(false)))
      .rejects.toThrow(/electronFuses/);
  });

  it('packs an asar, signs macOS builds with the hardened runtime and only the JIT entitlement, and notarises them', async () => {
    const config = await loadConfig();
    expect(config.asar).toBe(true);
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true, entitlements: 'build/entitlements.mac.plist' });
    const plist = readFileSync(`${ROOT}/build/entitlements.mac.plist`, 'utf8');
    expect([...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])).toEqual(['com.apple.security.cs.allow-jit']);
  });
});

describe('npm run dist (scripts/dist.mjs)', async () => {
  // @ts-expect-error plain ESM script without types
  const { builderArguments } = await import('../../../scripts/dist.mjs') as { builderArguments(env: Record<string, string | undefined>, extra?: string[]): string[] };

  it('never publishes from a build, and names no update source unless given one', () => {
    expect(builderArguments({})).toEqual(['--publish', 'never']);
    expect(builderArguments({}, ['--linux', 'deb'])).toEqual(['--publish', 'never', '--linux', 'deb']);
  });

  it('names the shop\'s update folder for electron-updater\'s generic provider, over HTTPS only', () => {
    expect(builderArguments({ MOSTRADOR_UPDATE_URL: 'https://updates.tienda.example/mostrador/' }))
      .toEqual(['--publish', 'never', '-c.publish.provider=generic', '-c.publish.url=https://updates.tienda.example/mostrador/']);
    expect(() => builderArguments({ MOSTRADOR_UPDATE_URL: 'http://updates.tienda.example/' })).toThrow(/https/);
    expect(() => builderArguments({ MOSTRADOR_UPDATE_URL: 'https://user:pw@updates.tienda.example/' })).toThrow(/credentials/);
    expect(() => builderArguments({ MOSTRADOR_UPDATE_URL: 'updates' })).toThrow(/not a URL/);
  });

  it('is what `npm run dist` runs', () => {
    const scripts = (JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.dist).toBe('node scripts/dist.mjs');
  });
});
