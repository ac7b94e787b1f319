import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer is served from files (Electron) and from the browser-mode host: relative asset paths work in both.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome120',
    sourcemap: false,
    // Inline data: URIs would need a looser CSP; keep every asset a file.
    assetsInlineLimit: 0,
  },
});
