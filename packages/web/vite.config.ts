import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist/ at / and the API under /api on the same origin; in `vite dev` the API is proxied to it.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry (the shell) holds React, the router, antd's core and the English texts (about 280 kB gzip; README);
    // every page is a chunk of its own, and so are the Japanese texts.
    chunkSizeWarningLimit: 1000,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
