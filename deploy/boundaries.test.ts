/**
 * The boundaries the architecture rests on, held by the test suite: each remote is deployed alone, so
 * it may import only its own files, `@cliffhanger/shared` and npm packages — never another remote or
 * the shell (they talk through shared's events and `RemoteSlot`); the shell imports no remote; shared
 * imports no frontend; the API imports no frontend. Every import of every source file is read (static,
 * dynamic and `require`), relative paths resolved, and any that crosses a boundary is named. Shared is
 * reached only through the entry points its package.json `exports` names (`@cliffhanger/shared`,
 * `@cliffhanger/shared/contracts`, …), never by a path into its sources.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const REMOTES = ['mf-catalog', 'mf-player', 'mf-wallet', 'mf-account', 'mf-admin'];
const FRONTENDS = ['shell', ...REMOTES];

/** Each package's source folder and the packages of the tree it may import. */
const RULES: Array<{ pkg: string; sources: string; mayImport: string[] }> = [
  ...REMOTES.map((pkg) => ({ pkg, sources: `${pkg}/src`, mayImport: [pkg, 'shared'] })),
  { pkg: 'shell', sources: 'shell/src', mayImport: ['shell', 'shared'] },
  { pkg: 'shared', sources: 'shared/src', mayImport: ['shared'] },
  { pkg: 'api', sources: 'api/src', mayImport: ['api', 'shared'] },
];
const PACKAGES = [...FRONTENDS, 'shared', 'api', 'e2e', 'bench', 'scripts', 'deploy'];

/** Tests may also use the test tooling in `scripts/jest` (a federation runtime stand-in and the like). */
const isTestFile = (file: string) => /\.test\.tsx?$|test-support\.tsx?$/.test(file);
/**
 * The one test that reads the remotes' modules: it checks each against the shell's contract, as the
 * shell will at run time. Shipped code never does.
 */
const CONTRACT_TEST = path.join('shell', 'src', 'federation', 'remote-contract.test.ts');

const IMPORT =
  /(?:^|[^\w.$])(?:import|export)\s+(?:type\s+)?(?:[\w$*{},\s]+\s+from\s+)?['"]([^'"]+)['"]|(?:^|[^\w.$])import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[^\w.$])require(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(text: string): string[] {
  // Comments may quote imports (`import x from 'y'` in a doc comment): they do not count.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(IMPORT)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(name)) out.push(full);
  }
  return out;
}

/** The tree package a specifier lands in, or null for an npm package. */
function packageOf(specifier: string, fromFile: string, root: string): string | null {
  const named = /^@cliffhanger\/([^/]+)/.exec(specifier);
  if (named) return named[1] as string;
  if (!specifier.startsWith('.')) return null;
  const target = path.relative(root, path.resolve(path.dirname(fromFile), specifier));
  const first = target.split(path.sep)[0] as string;
  return PACKAGES.includes(first) ? first : `outside:${first}`;
}

/** Every import that crosses a boundary, as `file: specifier (lands in pkg)`. */
function boundaryViolations(root: string): string[] {
  const found: string[] = [];
  for (const rule of RULES) {
    const dir = path.join(root, rule.sources);
    let files: string[];
    try {
      files = sourceFiles(dir);
    } catch {
      continue;
    }
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const pkg = packageOf(specifier, file, root);
        if (pkg === null || rule.mayImport.includes(pkg)) continue;
        if (isTestFile(file) && pkg === 'scripts' && specifier.includes('scripts/jest/')) continue;
        if (path.relative(root, file) === CONTRACT_TEST && REMOTES.includes(pkg)) continue;
        found.push(`${path.relative(root, file)}: ${specifier} (lands in ${pkg})`);
      }
    }
  }
  return found;
}

/** The entry points shared's package.json `exports` offers, as import specifiers. */
function sharedEntryPoints(root: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')) as {
    exports?: Record<string, string>;
  };
  return Object.keys(manifest.exports ?? {}).map((key) => `@cliffhanger/shared${key.slice(1)}`);
}

/** Every import of shared, in every package, that is not one of its public entry points. */
function privateSharedImports(root: string): string[] {
  const entryPoints = new Set(sharedEntryPoints(root));
  const found: string[] = [];
  for (const pkg of PACKAGES) {
    let files: string[];
    try {
      files = sourceFiles(path.join(root, pkg));
    } catch {
      continue;
    }
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        if (!/^@cliffhanger\/shared(\/|$)/.test(specifier) || entryPoints.has(specifier)) continue;
        found.push(`${path.relative(root, file)}: ${specifier}`);
      }
    }
  }
  return found;
}

describe('the boundaries between the deployable parts', () => {
  it('no remote imports another remote or the shell, the shell imports no remote, and the API and shared import no frontend', () => {
    expect(boundaryViolations(ROOT)).toEqual([]);
  });

  it('every package reaches shared through the entry points its exports map names, never into its sources', () => {
    expect(sharedEntryPoints(ROOT)).toEqual(
      expect.arrayContaining(['@cliffhanger/shared', '@cliffhanger/shared/contracts']),
    );
    expect(privateSharedImports(ROOT)).toEqual([]);
  });

  it('names an import of shared that goes around its exports map', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cliffhanger-shared-entry-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      };
      // Built from parts, so this file's own text holds none of these imports.
      const importOf = (specifier: string) => `import { a } from '${specifier}';\n`;
      write(
        'shared/package.json',
        JSON.stringify({ exports: { '.': './src/index.ts', './routes': './src/routes.ts' } }),
      );
      write('api/src/ok.ts', importOf('@cliffhanger/shared') + importOf('@cliffhanger/shared/routes'));
      write('api/src/deep.ts', importOf('@cliffhanger/shared/src/constants'));
      write('e2e/journeys/d.ts', `const m = await import('${'@cliffhanger/shared/src/routes'}');\n`);
      write('scripts/e.ts', `export type { X } from '${'@cliffhanger/shared/nowhere'}';\n`);
      expect(privateSharedImports(root).sort()).toEqual([
        'api/src/deep.ts: @cliffhanger/shared/src/constants',
        'e2e/journeys/d.ts: @cliffhanger/shared/src/routes',
        'scripts/e.ts: @cliffhanger/shared/nowhere',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('names an import that crosses a boundary, whichever way it is written', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cliffhanger-boundaries-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      };
      write(
        'mf-wallet/src/ok.ts',
        "import { x } from '@cliffhanger/shared';\nimport React from 'react';\nimport { y } from './y';\n",
      );
      write('mf-player/src/a.ts', "import { BalancePanel } from '../../mf-wallet/src/ok';\n");
      write('mf-player/src/b.tsx', "const m = await import('@cliffhanger/mf-wallet');\n");
      write('mf-account/src/c.ts', "export * from '../../shell/src/session/guest';\n");
      write('shell/src/d.ts', "import type { Thing } from '@cliffhanger/mf-catalog/src/thing';\n");
      write('api/src/e.ts', "const s = require('../../mf-admin/src/module');\n");
      write('shared/src/f.ts', "// import { nope } from '../../shell/src/x' is only a comment\nexport const f = 1;\n");
      expect(boundaryViolations(root).sort()).toEqual([
        'api/src/e.ts: ../../mf-admin/src/module (lands in mf-admin)',
        'mf-account/src/c.ts: ../../shell/src/session/guest (lands in shell)',
        'mf-player/src/a.ts: ../../mf-wallet/src/ok (lands in mf-wallet)',
        'mf-player/src/b.tsx: @cliffhanger/mf-wallet (lands in mf-wallet)',
        'shell/src/d.ts: @cliffhanger/mf-catalog/src/thing (lands in mf-catalog)',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
