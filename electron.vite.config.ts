import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The dev server injects inline scripts (React refresh); the strict CSP meta applies to built pages only. */
const stripCspInDev: Plugin = {
  name: 'strip-csp-meta-in-dev',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[\s\S]*?\/>/, ''),
};

export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve('src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can only require 'electron': bundle everything else into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    build: {
      rollupOptions: { input: resolve('src/renderer/index.html') },
      chunkSizeWarningLimit: 4000,
    },
    plugins: [react(), stripCspInDev],
  },
});
