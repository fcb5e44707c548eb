import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 600,
    // The server reads the manifest to preload each screen's chunks and to put the boot script first (decision 0094).
    manifest: true,
    rollupOptions: {
      input: { index: 'web/index.html', boot: 'web/boot.ts' },
      // Left alone, the bundler cuts the libraries into a hundred chunks of about 1 KB (one per set of screens sharing
      // them), and a phone starting a member screen fetched over 100 files in 16 rounds. Two library chunks instead
      // (docs/decisions/0099); the app's own modules keep the automatic split, so a screen loads only its own code.
      // Mantine's style sheet stays with the entry that imports it: in the group, the entry would wait for all of Mantine.
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 2 },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|use-callback-ref|use-sidecar|tslib|get-nonce|react-style-singleton|aria-hidden|clsx|detect-node-es)[\\/](?!.*\.css$)/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
});
