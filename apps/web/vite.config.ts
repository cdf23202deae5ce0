import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdNarrowImports } from './antdNarrowImports.ts';
import { antdStyles } from './antdStyles.ts';
import { antdWithoutStyleWriter } from './antdWithoutStyleWriter.ts';
import { consoleChunkGroups } from './chunkGroups.ts';
import { precompress } from './precompress.ts';

// The dev server forwards API calls to a locally running server (`npm run start:server`).
export default defineConfig({
  plugins: [react(), antdStyles(), antdNarrowImports(), antdWithoutStyleWriter(), precompress()],
  css: {
    // Ant Design's extracted sheet (antdStyles.ts) holds a few rules with a selector no browser accepts (a part of
    // the tour's written after its scoping class), which a browser drops, as it did when they were written at run
    // time. The minifier drops them too, with a warning, instead of failing the build.
    lightningcss: { errorRecovery: true },
  },
  server: {
    port: 5173,
    proxy: { '/prod-api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Keep the login page small: the layout and every page are split per route in the route table.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // Ant Design's @rc-component packages declare no `sideEffects`, so a page that reaches one of their index
        // modules (an Input reaches the form package through antd's form context) would carry the whole package
        // into its chunks. They only export components and helpers; other packages keep their own declaration.
        moduleSideEffects: (id) => (/node_modules\/@rc-component\//.test(id) ? false : undefined),
      },
      // Pages load their own code; what they share comes in a few chunks that load whole (decision 0044).
      output: { codeSplitting: consoleChunkGroups() },
    },
  },
});
