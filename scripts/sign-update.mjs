#!/usr/bin/env node
/**
 * Release side of "updates only from us" (electron/core/updates/update-signature.ts).
 *   node scripts/sign-update.mjs keygen <folder outside the repository>
 *     writes mostrador-update-key.pem (private, mode 600) there and prints the public key to paste into
 *     electron/core/updates/update-public-key.ts.
 *   node scripts/sign-update.mjs sign <file>...
 *     writes <file>.sig (base64 Ed25519 signature of the whole file) next to each file. The private key comes from
 *     MOSTRADOR_UPDATE_KEY (the PEM text) or MOSTRADOR_UPDATE_KEY_FILE (a path outside the repository).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC_KEY_SOURCE = path.join(root, 'electron', 'core', 'updates', 'update-public-key.ts');

function fail(message) {
  console.error(`sign-update: ${message}`);
  process.exit(1);
}

/** A private key never lives in the repository, where a commit would publish it. */
function outsideRepository(target) {
  const relative = path.relative(root, path.resolve(target));
  return relative.startsWith('..') || path.isAbsolute(relative);
}

function keygen(folder) {
  if (!folder) fail('usage: sign-update.mjs keygen <folder outside the repository>');
  if (!outsideRepository(folder)) fail('the private key must be kept outside the repository');
  const file = path.join(folder, 'mostrador-update-key.pem');
  if (existsSync(file)) fail(`${file} exists already; not overwritten`);
  mkdirSync(folder, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  console.error(`private key written to ${file}: keep it offline, never commit it`);
  process.stdout.write(publicKey.export({ type: 'spki', format: 'pem' }));
}

function loadPrivateKey() {
  const inline = process.env.MOSTRADOR_UPDATE_KEY;
  const file = process.env.MOSTRADOR_UPDATE_KEY_FILE;
  if (inline) return createPrivateKey(inline);
  if (!file) fail('set MOSTRADOR_UPDATE_KEY (PEM text) or MOSTRADOR_UPDATE_KEY_FILE (a key file outside the repository)');
  if (!outsideRepository(file)) fail('MOSTRADOR_UPDATE_KEY_FILE must be outside the repository');
  return createPrivateKey(readFileSync(file));
}

function signFiles(files) {
  if (files.length === 0) fail('usage: sign-update.mjs sign <file>...');
  const key = loadPrivateKey();
  if (key.asymmetricKeyType !== 'ed25519') fail('the key is not an Ed25519 private key');
  const publicPem = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString().trim();
  const compiledIn = readFileSync(PUBLIC_KEY_SOURCE, 'utf8');
  if (!compiledIn.includes(publicPem)) {
    console.error('sign-update: WARNING this key is not the one built into the app (update-public-key.ts): tills will refuse these files');
  }
  for (const file of files) {
    const signature = sign(null, readFileSync(file), key).toString('base64');
    writeFileSync(`${file}.sig`, `${signature}\n`);
    console.error(`signed ${file} -> ${file}.sig`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'keygen') keygen(rest[0]);
  else if (command === 'sign') signFiles(rest);
  else fail('usage: sign-update.mjs keygen <folder> | sign <file>...');
}
