import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `@/` is this app's src; `@core/` is the API's pure core (schemas and constants shared with the server). */
export const aliases = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@core': fileURLToPath(new URL('../lambdas/core', import.meta.url)),
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  // No source maps in the built site: they would publish the admin app's source to anyone who asks for them
  // (the dev server still maps while developing). The deployment also leaves out any .map (lib/constructs/site.ts).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
