/** `npm run typecheck`: strict TypeScript over every package, one project at a time. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const PACKAGES = [
  'shared',
  'shell',
  'mf-catalog',
  'mf-player',
  'mf-wallet',
  'mf-account',
  'mf-admin',
  'api',
  'demo',
  'e2e',
  'bench',
  'scripts',
  'deploy',
];
const tsc = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
let failed = 0;
for (const pkg of PACKAGES) {
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(ROOT, pkg), '--noEmit'], { stdio: 'inherit' });
  console.log(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${pkg}`);
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
