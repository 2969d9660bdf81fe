/**
 * The inspector page's build: `npm run inspector:build` writes it to
 * dist/visualizer, where `plystack inspect` serves it. The page imports
 * plystack by its public entry points (`plystack`, `plystack/inspect`, …),
 * which the build takes from the sources (the type check takes their built
 * declarations); the Node built-ins they touch get browser stand-ins
 * (src/shims).
 */

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  // Each file also written brotli- and gzip-compressed beside itself (NAME.br, NAME.gz): the relay serves the one the
  // browser accepts, so the page travels compressed without compressing on every request.
  plugins: [
    react(),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|json|svg)$/, threshold: 1024 }),
  ],
  resolve: {
    alias: [
      { find: 'node:crypto', replacement: here('./src/shims/crypto.ts') },
      { find: /^plystack$/, replacement: here('../src/index.ts') },
      { find: /^plystack\/(\w+)$/, replacement: here('../src/$1/index.ts') },
    ],
  },
  build: {
    outDir: here('../dist/visualizer'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
    // The bundler's report of slow plugins is for a maintainer profiling the build: `npm pack` and `npm test` print
    // only what went wrong.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  // `npm run inspector:dev`: the page with hot reload; remote tables still come through a running `plystack inspect`.
  server: { proxy: { '/inspector': { target: 'ws://127.0.0.1:4242', ws: true } } },
});
