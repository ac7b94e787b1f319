/**
 * The sandboxed preload: puts `window.pos` (the contract's `call` and `on`, nothing else) into the page's
 * world. Bundled to dist/electron/preload.cjs; in a sandboxed preload only 'electron' may be required, so
 * everything else here is bundled in.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createPosApi } from './preload-api';

const pos = createPosApi({
  invoke: (channel, message) => ipcRenderer.invoke(channel, message),
  listen: (channel, listener) => {
    const relay = (_event: IpcRendererEvent, message: unknown) => listener(message);
    ipcRenderer.on(channel, relay);
    return () => {
      ipcRenderer.removeListener(channel, relay);
    };
  },
});

contextBridge.exposeInMainWorld('pos', pos);
