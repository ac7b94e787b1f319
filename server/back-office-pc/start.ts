/**
 * The back-office PC's page: the same built renderer as the tills (dist/renderer, served by path, never imported),
 * on 127.0.0.1 only with a per-launch key in the URL's fragment, like a till's browser mode (common/web-host/). Its
 * bridge answers only the owner's view (handlers.ts); app.info says `back-office`, so the page opens on Tienda.
 * Loopback only: the owner uses it on the server's own machine; the server's admin token never reaches the page.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dispatchBridgeCall } from '../../shared/bridge/dispatch-call';
import { startBrowserHost, type BrowserHost } from '../../common/web-host/host';
import { rendererIsBuilt } from '../../common/web-host/static-files';
import { backOfficePcHandlers, type BackOfficePcContext } from './handlers';
import { toBackOfficeError } from './refusal';

/** The renderer the tills use, as `vite build` leaves it in the checkout (or the package). */
export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer', import.meta.url));

export interface BackOfficePcOptions extends BackOfficePcContext {
  port: number;
  rendererDir?: string;
  /** The page's key (kept in the data folder so a restart keeps the address); a new one per launch without it. */
  key?: string;
  log?: (line: string) => void;
}

export interface BackOfficePc extends BrowserHost {
  /** False when the renderer has not been built: the page says so until it is. */
  rendererBuilt: boolean;
}

export async function startBackOfficePc(options: BackOfficePcOptions): Promise<BackOfficePc> {
  const log = options.log ?? (() => {});
  const staticDir = options.rendererDir ?? DEFAULT_RENDERER_DIR;
  const handlers = backOfficePcHandlers(options);
  const host = await startBrowserHost({
    call: (method, input) => dispatchBridgeCall(handlers, method, input, {
      toError: toBackOfficeError,
      onInternalError: (name, error) => log(`back office: ${name} failed: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`),
    }),
    // No pushes: the owner's view follows the tills by long-polling the change signal (shop.waitForChange).
    subscribe: () => () => {},
    staticDir,
    key: options.key ?? randomBytes(24).toString('base64url'),
    port: options.port,
    log,
  });
  return { ...host, rendererBuilt: rendererIsBuilt(staticDir) };
}
