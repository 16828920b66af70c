/**
 * `npm start`: the whole service on this machine. Reads PORT (default 3000) and DATA_DIR (default .data),
 * starts everything, prints every URL a person needs, and stops everything on Ctrl-C. Problems a person can
 * fix (a port in use, a missing program, a broken data directory) are reported in one line with the fix.
 */
import { appendFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { localPowertoolsEnvironment } from './powertools-env';
import type { Runtime } from './runtime';

function fail(message: string): never {
  console.error(`Cannot start: ${message}`);
  process.exit(1);
}

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    fail(`PORT=${value} is not a port number: use a whole number such as PORT=3000.`);
  }
  return port;
}

async function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    fail(
      `this needs Node.js 24 (found ${process.version}): run it with npm start, which uses the project's own Node 24.`,
    );
  }
  // Before anything that logs is loaded: Powertools' logger reads its settings once, when it is created.
  Object.assign(process.env, localPowertoolsEnvironment(process.env.LOG_LEVEL));
  const { INBOX_PATH, StartupError, startRuntime } = await import('./runtime');
  const port = readPort(process.env.PORT);
  const dataDir = resolve(process.env.DATA_DIR || '.data');
  const host = process.env.HOST || '127.0.0.1';
  const started = performance.now();
  console.log(`Starting Voice Summary (data in ${dataDir})...`);

  let runtime: Runtime;
  try {
    runtime = await startRuntime({ port, host, dataDir, log: (line) => console.log(line) });
  } catch (error) {
    if (error instanceof StartupError) fail(error.message);
    const logFile = join(dataDir, 'runtime-error.log');
    try {
      appendFileSync(logFile, `${new Date().toISOString()} ${(error as Error).stack ?? String(error)}\n`);
    } catch {}
    fail(`${(error as Error).message} (details in ${logFile}).`);
  }

  const { info } = runtime;
  // Behind a tunnel or proxy (PUBLIC_URL), the addresses a person shares are the public ones.
  const site = info.publicUrl ?? info.url;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`
Voice Summary is running (ready in ${seconds} s).

  Site              ${site}/${info.publicUrl ? `  (also ${info.url}/ on this machine)` : ''}
  Admin dashboard   ${site}/admin
  Health check      ${info.url}/api/health
  SMS webhook       ${info.webhookUrl}  (HTTP POST; give this URL to the SMS provider)
  Send a test SMS   npm run sms -- <audio file> --from +14155550123
  Replies (SMS)     ${info.outbox}
  Sign-in emails    ${info.mailbox}
  Local inbox       ${info.url}${INBOX_PATH}  (the emails and SMS replies above, as a page)
  Administrators    ${process.env.ADMIN_EMAILS?.trim() ? `ADMIN_EMAILS (${process.env.ADMIN_EMAILS.trim()}) join when confirmed` : 'the first account created joins; later ones wait for approval'}

Press Ctrl-C to stop.`);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log('Stopping now.');
      process.exit(130);
    }
    stopping = true;
    console.log(`\nStopping (${signal})...`);
    await runtime.close();
    console.log('Stopped. Your data is kept in', info.dataDir);
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

await main();
