import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY_META } from './electron/window';

// Electron loads the page from a file, where no response header can carry a policy: the built page carries it as a
// meta tag (the same policy the browser-mode host sends as a header). Build only, so the dev server keeps working.
const contentSecurityPolicy: Plugin = {
  name: 'mostrador-csp',
  apply: 'build',
  transformIndexHtml: () => [
    { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY_META }, injectTo: 'head-prepend' },
  ],
};

// The renderer is served from files (Electron) and from the browser-mode host: relative asset paths work in both.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), contentSecurityPolicy],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    // Chromium (Electron's and browser mode's) has modulepreload: the polyfill would only weigh on the first download.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // Inline data: URIs would need a looser CSP; keep every asset a file.
    assetsInlineLimit: 0,
  },
});
