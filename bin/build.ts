// `npm run build`: the site into frontend/dist, then the whole app synthesized into cdk.out (every function
// bundled, the ffmpeg layer packed), with each function's bundle size checked against its budget.
import { execFileSync } from 'node:child_process';
import { BUNDLE_BUDGET_BYTES, bundleSizes, formatBundleSizes, stubLayers } from '../lib/release';

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'inherit' });
try {
  run('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts']);
  run('npx', ['cdk', 'synth', '--quiet', ...process.argv.slice(2)]);
} catch (error) {
  // The failing command has printed its own reason (a missing stage parameter is one line).
  process.exit((error as { status?: number }).status ?? 1);
}

const sizes = bundleSizes('cdk.out');
console.log(`\n${formatBundleSizes(sizes)}`);
if (stubLayers('cdk.out').length > 0) {
  console.log('\nWarning: the ffmpeg layer is a stub (no npm registry); npm run deploy will refuse it.');
}
if (sizes.some((s) => s.bytes >= BUNDLE_BUDGET_BYTES)) {
  console.error('\nA function is over its bundle budget: see lambdas/composition/ for what it imports.');
  process.exit(1);
}
