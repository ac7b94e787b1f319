/**
 * Browser mode: the host prints a URL whose fragment carries the per-launch key (`#key=...`). The key is read
 * once, kept for the tab's life in sessionStorage and removed from the address bar so it is not shared or
 * bookmarked by accident. Pure: the caller reads and writes location and storage.
 */
export interface KeyFromLocation {
  key: string | null;
  /** The fragment to leave in the address bar ("" for none), or null when it needs no change. */
  cleanedHash: string | null;
}

export function readKeyFromHash(hash: string, stored: string | null): KeyFromLocation {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment === '') return { key: stored, cleanedHash: null };
  const params = new URLSearchParams(fragment);
  const key = params.get('key');
  if (key === null) return { key: stored, cleanedHash: null };
  params.delete('key');
  const rest = params.toString();
  return { key: key === '' ? stored : key, cleanedHash: rest ? `#${rest}` : '' };
}
