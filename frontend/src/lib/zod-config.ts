/**
 * Imported first by main.tsx, before any schema is built: zod otherwise probes `new Function` to compile fast
 * object parsers, which the site's Content-Security-Policy (no 'unsafe-eval') refuses with a console error.
 * The parsers work the same without it.
 */
import { config } from 'zod/mini';

config({ jitless: true });
