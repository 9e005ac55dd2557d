/**
 * Compiles the API for an image: one CommonJS file, `api/dist/server.js`, that Node runs directly
 * (no tsx, no TypeScript at run time), from `demo/src/server.ts`: the API with the demo catalogue's
 * start-up job, which runs when SEED_DEMO is not "false" (deploy/compose.demo.yml). The workspaces' own
 * code (`api/src`, `demo/src`, `shared/src`) is bundled in; every package the API depends on stays a
 * `require` of node_modules, where the image's production install puts it (sharp's native binary
 * cannot be bundled anyway; SQLite and argon2 are Node's own).
 *
 *   tsx deploy/build-api.ts [--outdir=api/dist]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(__dirname, '..');

export async function buildApi(outdir = path.join(ROOT, 'api', 'dist')): Promise<string> {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'api', 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(manifest.dependencies)
    .filter((name) => !name.startsWith('@cliffhanger/'))
    .flatMap((name) => [name, `${name}/*`]);
  const outfile = path.join(outdir, 'server.js');
  await build({
    entryPoints: [path.join(ROOT, 'demo', 'src', 'server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    sourcemap: true,
    external,
    logLevel: 'warning',
    // REPO_ROOT is two folders above the file that defines it; the bundle sits in api/dist, so the
    // same two steps up still reach the application root.
  });
  return outfile;
}

if (require.main === module) {
  const arg = process.argv.find((a) => a.startsWith('--outdir='));
  const started = Date.now();
  buildApi(arg ? path.resolve(arg.slice('--outdir='.length)) : undefined)
    .then((file) => console.log(`api: ${path.relative(ROOT, file)} in ${((Date.now() - started) / 1000).toFixed(1)} s`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
