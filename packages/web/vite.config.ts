import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist/ at / and the API under /api on the same origin; in `vite dev` the API is proxied to it.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry holds React, the router, antd's core and zod (about 280 kB gzip); every page is a chunk of its own.
    chunkSizeWarningLimit: 1000,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
