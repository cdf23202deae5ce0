import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards API calls to a locally running server (`npm run start:server`).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/prod-api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Keep the login page small: the layout and every page are split per route in the route table.
    chunkSizeWarningLimit: 900,
  },
});
