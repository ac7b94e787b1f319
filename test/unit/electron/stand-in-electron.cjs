/**
 * A stand-in for the 'electron' module (its binary cannot be installed on these machines), just enough for the
 * bundled dist/electron/main.cjs to run under plain Node. It records what main asked of Electron and plays a
 * short session: the page calls the bridge, a second instance starts, the user quits. Each observation is one
 * JSON line on stdout. Used by main-bundle.test.ts.
 */
const { EventEmitter } = require('node:events');
const path = require('node:path');

const APP_DATA = process.env.STAND_IN_APP_DATA;
const report = (kind, data = {}) => process.stdout.write(`${JSON.stringify({ kind, ...data })}\n`);

const paths = { appData: APP_DATA, userData: path.join(APP_DATA, 'mostrador') };
const ipcHandlers = new Map();
const windows = [];
let readyResolve;
const ready = new Promise((resolve) => { readyResolve = resolve; });

class WebContents extends EventEmitter {
  constructor() { super(); this.sent = []; this.openHandler = null; }
  isDestroyed() { return false; }
  send(channel, message) { this.sent.push({ channel, message }); report('sent', { channel, message }); }
  setWindowOpenHandler(handler) { this.openHandler = handler; }
  print(_options, callback) { callback(true, ''); }
  async printToPDF() { return Buffer.from('%PDF'); }
}

class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    this.minimized = true;
    windows.push(this);
    report('window', { webPreferences: options.webPreferences, show: options.show });
    setImmediate(() => this.emit('ready-to-show'));
  }
  async loadURL(url) { this.url = url; report('loadURL', { url }); }
  isDestroyed() { return false; }
  isMinimized() { return this.minimized; }
  restore() { this.minimized = false; report('restore'); }
  show() { report('show'); }
  focus() { report('focus'); }
}

const app = new EventEmitter();
Object.assign(app, {
  isPackaged: false,
  getPath: (name) => paths[name],
  setPath: (name, value) => { paths[name] = value; report('setPath', { name, value }); },
  getVersion: () => '0.0.0-stand-in',
  requestSingleInstanceLock: () => true,
  enableSandbox: () => report('enableSandbox'),
  whenReady: () => ready,
  exit: (code) => { report('exit', { code }); process.exit(code); },
  quit: () => {
    report('quit-requested');
    let prevented = false;
    app.emit('before-quit', { preventDefault: () => { prevented = true; } });
    if (prevented) return report('quit-deferred');
    report('quit');
    process.exit(0);
  },
});

const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler) => { session.permissionRequest = handler; },
    setPermissionCheckHandler: (handler) => { session.permissionCheck = handler; },
    webRequest: {
      onBeforeRequest: (handler) => { session.beforeRequest = handler; },
      onHeadersReceived: (handler) => { session.headersReceived = handler; },
    },
  },
};

const ipcMain = {
  handle: (channel, handler) => { ipcHandlers.set(channel, handler); report('ipc-handle', { channel }); },
  removeHandler: (channel) => { ipcHandlers.delete(channel); report('ipc-remove', { channel }); },
};

const dialog = {
  showErrorBox: (title, message) => report('error-box', { title, message }),
  // Quitting with unsent sales asks; the stand-in answers "close anyway".
  showMessageBox: async (...args) => { report('quit-asked', { options: args.at(-1) }); return { response: 0 }; },
};

const protocolHandlers = new Map();
let isReady = false;
const protocol = {
  // Electron reads privileged schemes once, before ready: record when main asked.
  registerSchemesAsPrivileged: (schemes) => report('register-schemes', { schemes, beforeReady: !isReady }),
  handle: (scheme, handler) => { protocolHandlers.set(scheme, handler); report('protocol-handle', { scheme }); },
  unhandle: (scheme) => { protocolHandlers.delete(scheme); report('protocol-unhandle', { scheme }); },
};

/** One request through main's handler for the app scheme, as the page would make it. */
async function fetchApp(url, method = 'GET') {
  const handler = protocolHandlers.get(new URL(url).protocol.slice(0, -1));
  if (!handler) return { url, status: 'no handler' };
  const response = await handler(new Request(url, { method }));
  const body = Buffer.from(await response.arrayBuffer()).toString('utf8');
  return {
    url,
    status: response.status,
    contentType: response.headers.get('content-type'),
    csp: response.headers.get('content-security-policy'),
    body: body.slice(0, 200),
  };
}

async function play() {
  isReady = true;
  readyResolve();
  // start() composes the core, then opens the window last: wait for it (bounded).
  for (let i = 0; i < 300 && !windows[0]?.url; i++) await new Promise((r) => setTimeout(r, 20));
  // Let the new window's ready-to-show (a setImmediate) fire first, whichever event-loop phase start() finished in.
  await new Promise((r) => setImmediate(r));
  const window = windows[0];
  if (!window) return report('no-window');
  const appUrl = window.url;
  const call = (url, parent, message) => ipcHandlers.get('pos:call')({ senderFrame: url === null ? null : { url, parent } }, message);

  report('answer', { who: 'app page', envelope: await call(`${appUrl}#/sale`, null, { method: 'app.info', input: {} }) });
  report('answer', { who: 'foreign page', envelope: await call('https://example.com/', null, { method: 'app.info', input: {} }) });
  report('answer', { who: 'invalid input', envelope: await call(appUrl, null, { method: 'sales.get', input: { id: 'x' } }) });

  const granted = await new Promise((resolve) => session.permissionRequest(window.webContents, 'media', resolve, {}));
  report('permission', { granted, checked: session.permissionCheck(window.webContents, 'geolocation', 'file://', {}) });
  report('window-open', { answer: window.webContents.openHandler({ url: 'https://example.com/' }) });
  const navigation = (url) => { let prevented = false; window.webContents.emit('will-navigate', { url, preventDefault: () => { prevented = true; } }); return prevented; };
  report('navigation', { foreignPrevented: navigation('https://example.com/'), ownPrevented: navigation(`${appUrl}#/history`) });
  const request = (url) => new Promise((resolve) => session.beforeRequest({ url }, resolve));
  report('requests', { remote: await request('https://cdn.example.com/x.js'), own: await request(appUrl) });
  const headers = await new Promise((resolve) => session.headersReceived({ responseHeaders: {} }, resolve));
  report('headers', { headers });

  // The app scheme: the page itself, and ways out of the renderer folder that must all end in a 404.
  const origin = appUrl.slice(0, appUrl.indexOf('/', 'app://'.length)); // Node's URL gives non-special schemes a null origin
  for (const url of [
    appUrl,
    `${origin}/`,
    `${origin}/%2e%2e/electron/main.cjs`,
    `${origin}/..%2Felectron%2Fmain.cjs`,
    `${origin}/assets/../../electron/preload.cjs`,
    `${origin}/%2e%2e%2f%2e%2e%2fpackage.json`,
    `${origin}/..%5C..%5Cpackage.json`,
    `${origin}/index.html%00.png`,
    'app://elsewhere/index.html',
  ]) report('app-request', await fetchApp(url));
  report('app-request-post', await fetchApp(appUrl, 'POST'));

  report('second-instance');
  app.emit('second-instance', {}, [], process.cwd(), {});
  app.quit();
}

ready.then(() => {}, () => {});
setImmediate(() => { play().catch((error) => { report('failed', { message: String(error && error.stack) }); process.exit(1); }); });

module.exports = { app, BrowserWindow, dialog, ipcMain, protocol, session };
