import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `@/` is this app's src; `@core/` is the API's pure core (schemas and constants shared with the server). */
export const aliases = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@core': fileURLToPath(new URL('../lambdas/core', import.meta.url)),
};

/**
 * The site runs React's API on Preact (preact/compat): React 19's DOM renderer alone is 66 KB of gzip, most of
 * the landing page's 80 KB budget, where Preact with its React layer is about 11 KB (docs/decisions/site.md,
 * "Reply and landing page"). Component tests keep React (they run in vitest's own config); the end-to-end
 * tests run this build.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
      ...preactAliases,
    ],
  },
  // No source maps in the built site: they would publish the admin app's source to anyone who asks for them
  // (the dev server still maps while developing). The deployment also leaves out any .map (lib/constructs/site.ts).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // The API's core is pure (no I/O, nothing done on import): a core module none of whose exports a page
      // uses is left out, even when a module that page does use imports it (HELP's command table, say).
      treeshake: { moduleSideEffects: (id: string) => !id.startsWith(`${aliases['@core']}/`) },
    },
  },
});
