// `npm run deploy`: synthesizes the app (or takes `--app <dir>`), refuses in one line an assembly that must
// not ship (an offline ffmpeg stub, a bundle over budget), then deploys exactly that assembly with cdk.
import { execFileSync } from 'node:child_process';
import { deployBlockers } from '../lib/release';

const args = process.argv.slice(2);
const appAt = args.indexOf('--app');
const assembly = appAt >= 0 ? args.splice(appAt, 2)[1]! : 'cdk.out';
const run = (command: string, rest: string[]) => execFileSync(command, rest, { stdio: 'inherit' });
try {
  if (appAt < 0)
    run('npx', ['cdk', 'synth', '--quiet', ...args.filter((a, i) => a === '-c' || args[i - 1] === '-c')]);
  const blockers = deployBlockers(assembly);
  if (blockers.length > 0) {
    console.error(`Not deploying: ${blockers[0]}`);
    process.exit(1);
  }
  run('npx', ['cdk', 'deploy', '--all', '--app', assembly, ...args]);
} catch (error) {
  // The failing command has printed its own reason.
  process.exit((error as { status?: number }).status ?? 1);
}
