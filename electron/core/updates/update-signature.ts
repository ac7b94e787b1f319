/**
 * Updates only from us: a downloaded update installs only if `<file>.sig`, fetched from the same update folder,
 * is an Ed25519 signature of the whole file by the key compiled into the app (update-public-key.ts). The sha512 in
 * latest*.yml only proves the file matches that folder; the signature proves who made it. Plain Node (no Electron)
 * so it is tested here; electron/updates.ts calls it before anything is installed.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { UpdateRefusalReason } from '../../../shared/update-refusal';
import { UPDATE_PUBLIC_KEY_PEM } from './update-public-key';

/** The reasons are shared: the screens say each one in the owner's language (shared/update-refusal.ts). */
export type SignatureRefusal = UpdateRefusalReason;

export type SignatureCheck = { ok: true } | { ok: false; reason: SignatureRefusal; detail?: string };

/** What the log says for each refusal. */
export const REFUSAL_TEXT: Record<SignatureRefusal, string> = {
  unsigned: 'the update folder has no signature for it',
  'malformed signature': 'its signature file is not an Ed25519 signature',
  'wrong signature': 'its signature does not match the file and the key built into Mostrador (modified or signed by someone else)',
  'signature unreachable': 'its signature could not be downloaded',
  'update unreadable': 'the downloaded file could not be read',
  'no update folder': 'this build names no HTTPS update folder to fetch the signature from',
};

/** An Ed25519 signature is 64 bytes; the .sig file holds it in base64 (whitespace ignored). */
export function parseSignature(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]{86}==$/.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

export function verifyUpdateBytes(data: Buffer, signatureText: string | null, publicKey: string | KeyObject = UPDATE_PUBLIC_KEY_PEM): SignatureCheck {
  if (signatureText === null) return { ok: false, reason: 'unsigned' };
  const signature = parseSignature(signatureText);
  if (!signature) return { ok: false, reason: 'malformed signature' };
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  // Ed25519 takes no digest name: the whole file is the signed message.
  return verify(null, data, key, signature) ? { ok: true } : { ok: false, reason: 'wrong signature' };
}

export async function verifyUpdateFile(file: string, signatureText: string | null, publicKey?: string | KeyObject): Promise<SignatureCheck> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (error) {
    return { ok: false, reason: 'update unreadable', detail: (error as Error).message };
  }
  return verifyUpdateBytes(data, signatureText, publicKey);
}

/** The `url:` of the app-update.yml that electron-builder writes for the generic provider; only HTTPS counts. */
export function feedUrlFromAppUpdateYml(text: string): string | null {
  const match = /^url:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(text);
  if (!match?.[1]) return null;
  try {
    const url = new URL(match[1]);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `<feed>/<file name>.sig`: the signature sits next to the installer it signs. */
export function signatureUrl(feedUrl: string, downloadedFile: string): string {
  const base = feedUrl.endsWith('/') ? feedUrl : `${feedUrl}/`;
  return new URL(`${encodeURIComponent(path.basename(downloadedFile))}.sig`, base).href;
}

export type FetchLike = (url: string) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/** The signature text, null when the folder has none (404), or a refusal when it cannot be fetched. */
export async function fetchSignature(url: string, fetchImpl: FetchLike): Promise<string | null | SignatureCheck> {
  try {
    const response = await fetchImpl(url);
    if (response.status === 404) return null;
    if (!response.ok) return { ok: false, reason: 'signature unreachable', detail: `HTTP ${response.status}` };
    const text = await response.text();
    // A signature is under 100 characters; anything large is not one.
    return text.length > 1024 ? '' : text;
  } catch (error) {
    return { ok: false, reason: 'signature unreachable', detail: (error as Error).message };
  }
}

/** The whole check for a downloaded update: fetch its .sig from the update folder, verify the file with it. */
export async function checkDownloadedUpdate(options: {
  downloadedFile: string;
  feedUrl: string | null;
  fetch: FetchLike;
  publicKey?: string | KeyObject;
}): Promise<SignatureCheck> {
  if (!options.feedUrl) return { ok: false, reason: 'no update folder' };
  const fetched = await fetchSignature(signatureUrl(options.feedUrl, options.downloadedFile), options.fetch);
  if (fetched !== null && typeof fetched === 'object') return fetched;
  return verifyUpdateFile(options.downloadedFile, fetched, options.publicKey);
}

export function describeRefusal(check: SignatureCheck): string {
  if (check.ok) return 'signed by Mostrador';
  return check.detail ? `${REFUSAL_TEXT[check.reason]} (${check.detail})` : REFUSAL_TEXT[check.reason];
}
