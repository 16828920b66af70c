/**
 * `npm start`: the whole service on this machine. Reads PORT (default 3000), DATA_DIR (default .data) and the
 * other local variables once (local/local-config.ts), starts everything, prints every URL a person needs, and
 * stops everything on Ctrl-C. Problems a person can fix (a port in use, a missing program, a broken data
 * directory, a mistyped variable) are reported in one line with the fix.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { twilioUrlsOn } from '#core/calls/twilio-urls';
import { type LocalConfig, readLocalConfig } from './local-config';
import { applyPowertoolsEnvironment } from './powertools-env';
import type { Runtime } from './runtime';
import { StartupError } from './startup-error';

function fail(message: string): never {
  console.error(`Cannot start: ${message}`);
  process.exit(1);
}

async function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    fail(
      `this needs Node.js 24 (found ${process.version}): run it with npm start, which uses the project's own Node 24.`,
    );
  }
  let config: LocalConfig;
  try {
    config = readLocalConfig();
  } catch (error) {
    if (error instanceof StartupError) fail(error.message);
    throw error;
  }
  // Before anything that logs is loaded: Powertools' logger reads its settings once, when it is created.
  applyPowertoolsEnvironment(config.logLevel);
  const [{ startRuntime }, { INBOX_PATH }, { LOCAL_TOKEN_PARAMETER }] = await Promise.all([
    import('./runtime'),
    import('./local-controls'),
    import('./local-access'),
  ]);
  const { port, host, dataDir } = config;
  const started = performance.now();
  console.log(`Starting Voice Summary (data in ${dataDir})...`);

  let runtime: Runtime;
  try {
    runtime = await startRuntime({ port, host, dataDir, config, log: (line) => console.log(line) });
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
  // The URLs Twilio is given (issue 33): the texts', the delivery status and the forwarded calls'.
  const twilio = twilioUrlsOn(info.webhookUrl);
  console.log(`
Voice Summary is running (ready in ${seconds} s).

  Site              ${site}/${info.publicUrl ? `  (also ${info.url}/ on this machine)` : ''}
  Admin dashboard   ${site}/admin
  Health check      ${info.url}/api/health
  SMS webhook       ${info.webhookUrl}  (HTTP POST; ${info.publicUrl ? 'the SMS number\'s "A message comes in"' : "Twilio cannot reach this computer: to give it one, run an HTTPS tunnel here and start with PUBLIC_URL=<the tunnel's https address>"})
  Voice webhook     ${twilio.voice}  (HTTP POST; forwarding numbers' "A call comes in", set when each is bought)
  Delivery status   ${info.smsStatusUrl}  (sent with each text)${info.publicUrl ? '' : '\n                    (Twilio reaches these only through PUBLIC_URL and a tunnel; Settings, Setup, Check says which numbers point elsewhere)'}
  Send a test SMS   npm run sms -- <audio file> --from +14155550123
  Try a call        npm run sms -- --from +14155550123 --body FORWARD, then
                    npm run call -- <audio file> --from +13125550147 --to <the number it texts back>
  Replies (SMS)     ${info.outbox}
  Sign-in emails    ${info.mailbox}
  Local inbox       ${info.url}${INBOX_PATH}?${LOCAL_TOKEN_PARAMETER}=${info.localToken}
                    (the emails and SMS replies above, as a page; the token is this start's, keep it private)
  Administrators    ${config.adminEmails ? `ADMIN_EMAILS (${config.adminEmails}) join when confirmed` : 'the first account created joins; later ones wait for approval'}

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
