import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { INTL_MESSAGEFORMAT, NO_PARSER, precompiledMessages } from './scripts/precompiled-messages.ts';

// The installable app (docs/decisions/0206-installable-app.md): the manifest, and web/sw.ts built with Workbox, the build's
// files precached into it. Registered by web/lib/service-worker.ts, not by an injected inline script (the CSP has none).
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  injectManifest: {
    globPatterns: ['index.html', 'assets/*.{js,css,woff2}', 'favicon.svg', 'icons/icon-192.png', 'icons/badge-96.png'],
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  },
  manifest: {
    id: '/',
    name: 'Thera Root',
    short_name: 'Thera Root',
    description: 'A professional network for therapists to connect, collaborate, and grow.',
    lang: 'en',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b5f57',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
    // Groups do not exist yet: Chat and Referrals only.
    shortcuts: [
      { name: 'Chat', short_name: 'Chat', url: '/chat', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      { name: 'Referrals', short_name: 'Referrals', url: '/referrals', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    ],
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  // The server-side build of the drawn pages (scripts/build-web.ts) has no service worker.
  plugins: [precompiledMessages(), react(), ...(isSsrBuild ? [] : [pwa])],
  // Messages arrive compiled (docs/decisions/0395): the browser's react-intl without the message parser, and one copy of
  // intl-messageformat (react-intl and @formatjs/intl each carry the same version). The server's renderer keeps the parser.
  resolve: isSsrBuild ? {} : {
    alias: [
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: NO_PARSER },
      { find: /^intl-messageformat$/, replacement: INTL_MESSAGEFORMAT },
    ],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // Source maps beside the client's scripts: a browser fetches one only when its developer tools are open, and with
    // them errors reported from the field and Lighthouse's best-practice audit (valid-source-maps) read the real code.
    sourcemap: !isSsrBuild,
    chunkSizeWarningLimit: 600,
    // The server reads the manifest to preload each screen's chunks and to put the boot script first (decision 0094).
    manifest: true,
    rollupOptions: {
      input: { index: 'web/index.html', boot: 'web/boot.ts' },
      // Left alone, the bundler cuts the libraries into a hundred chunks of about 1 KB (one per set of screens sharing
      // them), and a phone starting a member screen fetched over 100 files in 16 rounds. Two library chunks instead
      // (docs/decisions/0099); the app's own modules keep the automatic split, so a screen loads only its own code.
      // Mantine's style sheet stays with the entry that imports it: in the group, the entry would wait for all of Mantine.
      // Mantine's charts stay out: a group takes its members' dependencies along, and the charts would bring recharts,
      // d3 and redux (130 KB gzipped) to every screen; they belong to the two screens that draw charts.
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 2 },
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](?!charts)[^\\/]+|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|use-callback-ref|use-sidecar|tslib|get-nonce|react-style-singleton|aria-hidden|clsx|detect-node-es)[\\/](?!.*\.css$)/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
}));
