/**
 * The renderer's one way to the core: Electron's preload (`window.pos`) when present, else browser mode's HTTP
 * transport with the per-launch key taken from the URL fragment.
 */
import type {
  BridgeEnvelope, BridgeEventName, BridgeEvents, BridgeInput, BridgeMethod, BridgeResult, BridgeTransport,
} from '../../shared/bridge/contract';
import type { UploadReceiptDto } from '../../shared/bridge/types';
import { readKeyFromHash } from './browser-key';
import { createHttpTransport } from './http-transport';

const KEY_STORAGE = 'mostrador.bridge-key';

function browserKey(): string | null {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(KEY_STORAGE);
  } catch {
    // storage disabled: the fragment still works for this page load
  }
  const { key, cleanedHash } = readKeyFromHash(window.location.hash, stored);
  if (key !== null && key !== stored) {
    try {
      sessionStorage.setItem(KEY_STORAGE, key);
    } catch {
      // see above
    }
  }
  if (cleanedHash !== null) {
    history.replaceState(history.state, '', `${window.location.pathname}${window.location.search}${cleanedHash}`);
  }
  return key;
}

/** The key in use; read again when the address bar's fragment changes (an address pasted into this tab). */
let currentKey: string | null = null;

function createTransport(): BridgeTransport {
  const pos = (window as unknown as { pos?: BridgeTransport }).pos;
  if (pos && typeof pos.call === 'function') return pos;
  currentKey = browserKey();
  watchPastedAddress();
  return createHttpTransport({
    baseUrl: window.location.origin,
    key: () => currentKey ?? '',
    fetch: window.fetch.bind(window),
    openEvents: (url) => new EventSource(url),
  });
}

/**
 * Browser mode (issue 26): an address pasted into this tab with another key (`#key=…`) changes only the fragment, so
 * the page would go on with the old key until F5. The new key is taken at once and the page starts again with it.
 */
function watchPastedAddress(): void {
  window.addEventListener('hashchange', () => {
    const before = currentKey;
    const next = browserKey();
    if (next === null || next === before) return;
    currentKey = next;
    window.location.reload();
  });
}

let transport: BridgeTransport | null = null;
const current = (): BridgeTransport => (transport ??= createTransport());

export const bridge = {
  call<M extends BridgeMethod>(method: M, input: BridgeInput<M>): Promise<BridgeEnvelope<BridgeResult<M>>> {
    return current().call(method, input);
  },
  on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): () => void {
    return current().on(event, listener);
  },
  /** A chosen file handed to the core as a file (a catalog CSV); its token names it in the calls that read it. */
  async upload(file: File): Promise<BridgeEnvelope<UploadReceiptDto>> {
    const transport = current();
    // Electron's preload takes bytes only (a File does not cross its isolated world); browser mode streams the File.
    return transport === (window as unknown as { pos?: BridgeTransport }).pos ? transport.upload(await file.arrayBuffer()) : transport.upload(file);
  },
  /** True in browser mode without a key: every call would be refused. */
  missingKey(): boolean {
    if ((window as unknown as { pos?: unknown }).pos) return false;
    current();
    return currentKey === null;
  },
};
