import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { coarseWorldPlugin } from './src/build/coarseWorld';
import { precompressPlugin } from './src/build/precompress';

// The server serves dist/ at / and the API under /api on the same origin; in `vite dev` the API is proxied to it.
export default defineConfig({
  // The world map at the scale the dashboards draw it (src/build/coarseWorld.ts); brotli and gzip copies of the
  // built files, sent as they are by the server (src/build/precompress.ts).
  plugins: [coarseWorldPlugin(), react(), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry holds React, the router, i18next, react-query and the sign-in pages' English texts (111 kB brotli;
    // docs/benchmarks.md), no antd: the visitor's pages are plain elements. The signed-in shell (antd's layout, menu and
    // providers) and every page are chunks of their own, and so are the signed-in and the Japanese texts.
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      // The contract's modules are schemas and constants without side effects (no-eval aside, which acts when
      // called): a page gets the call schemas it imports instead of one chunk of every schema (issue 35).
      treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]contract[\\/]src[\\/](?!no-eval)/.test(id) },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
