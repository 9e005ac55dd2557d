/**
 * Every import between the API's source files, read with the TypeScript compiler's pre-processor (the
 * same scan `tsc` starts with), so comments and strings never count as imports and `import type`,
 * re-exports and `require` calls all do.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const API_SRC = path.resolve(__dirname, '../../src');

export interface SourceImport {
  /** The importing file, relative to api/src with forward slashes. */
  from: string;
  /** The module as written. */
  specifier: string;
  /** The imported file relative to api/src, or null for a package. */
  to: string | null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function readImports(root = API_SRC): SourceImport[] {
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  return sourceFiles(root).flatMap((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return importedFiles.map(({ fileName: specifier }) => {
      if (!specifier.startsWith('.')) return { from: relative(file), specifier, to: null };
      const target = resolveRelative(file, specifier);
      return { from: relative(file), specifier, to: target ? relative(target) : specifier };
    });
  });
}

/** The import cycles among the files (each as the file path round the loop), one per strongly connected set. */
export function findCycles(imports: SourceImport[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (to === null) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)?.add(to);
  }
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.get(node)?.has(node)) cycles.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/**
 * The API's domains from the bottom up: a domain may import the kernel and the domains before it in
 * this list, never one after it. docs/architecture.md ("The API's layers") gives the same order and why.
 */
export const DOMAIN_LAYERS = [
  'settings',
  'users',
  'auth',
  'media',
  'subtitles',
  'catalogue',
  'playback',
  'coins',
  'payments',
  'subscriptions',
  'unlocks',
  'viewing',
  'feed',
  'rewards',
  'analytics',
  'releases',
  'admin',
  'dev',
  'health',
] as const;

/** The kernel every domain stands on; it imports no domain. */
export const KERNEL = [
  'db/',
  'kernel/',
  'http/',
  'cache/',
  'mail/',
  'config.ts',
  'context.ts',
  'env-file.ts',
  'passwords.ts',
  'media-urls.ts',
];

/** The domain a file belongs to, or null outside api/src/domains. */
export function domainOf(file: string): string | null {
  return /^domains\/([^/]+)\//.exec(file)?.[1] ?? null;
}

const inKernel = (file: string) => KERNEL.some((part) => (part.endsWith('/') ? file.startsWith(part) : file === part));

/** Every import that breaks the layering, as "from → to (why)". */
export function layerViolations(imports: SourceImport[], order: readonly string[] = DOMAIN_LAYERS): string[] {
  const rank = new Map(order.map((name, index) => [name, index]));
  const problems: string[] = [];
  for (const { from, to } of imports) {
    if (to === null) continue;
    const source = domainOf(from);
    const target = domainOf(to);
    if (source !== null && !rank.has(source))
      problems.push(`${from}: the domain "${source}" has no place in the layer order`);
    // The kernel stands on nothing but itself: no edge either.
    if (inKernel(from) && target === null && !inKernel(to)) {
      problems.push(`${from} → ${to} (the kernel imports only the kernel)`);
    }
    if (target === null || source === target) continue;
    if (inKernel(from)) problems.push(`${from} → ${to} (the kernel imports no domain)`);
    if (source === null || !rank.has(target)) continue;
    if ((rank.get(target) ?? 0) > (rank.get(source) ?? 0)) {
      problems.push(`${from} → ${to} ("${source}" sits below "${target}")`);
    }
  }
  return [...new Set(problems)];
}

/** The part of api/src a file belongs to: its domain, its top-level folder, or the file itself at the top. */
export function partOf(file: string): string {
  const domain = domainOf(file);
  if (domain !== null) return `domains/${domain}/`;
  const slash = file.indexOf('/');
  return slash === -1 ? file : file.slice(0, slash + 1);
}

/**
 * The loops among the parts of api/src (domains, top-level folders and files): a part that reaches
 * itself through others has an import running back up, even when no file does.
 */
export function partCycles(imports: SourceImport[]): string[][] {
  const between = imports.flatMap(({ from, to, specifier }) =>
    to === null || to.startsWith('.') || partOf(from) === partOf(to)
      ? []
      : [{ from: partOf(from), to: partOf(to), specifier }],
  );
  return findCycles(between);
}

/** The packages of the browser side, which the server never imports (shared is common ground). */
export function frontendImports(imports: SourceImport[]): string[] {
  return imports
    .filter(
      ({ specifier, to }) =>
        /^@cliffhanger\/(shell|mf-[a-z-]+)(\/|$)/.test(specifier) || /^(\.\.\/)+(shell|mf-[a-z-]+)\//.test(to ?? ''),
    )
    .map(({ from, specifier }) => `${from} imports ${specifier}`);
}

/** Imports of the demo workspace (`demo/`, `@cliffhanger/demo`): the demo builds on the API, never the reverse. */
export function demoImports(imports: SourceImport[]): string[] {
  return imports
    .filter(({ specifier, to }) => /^@cliffhanger\/demo(\/|$)/.test(specifier) || /^(\.\.\/)+demo\//.test(to ?? ''))
    .map(({ from, specifier }) => `${from} imports ${specifier}`);
}

/** Every source file of api/src, relative to it with forward slashes, with its parsed syntax tree. */
function parsedSources(root = API_SRC): Array<{ file: string; source: ts.SourceFile }> {
  return sourceFiles(root).map((full) => ({
    file: path.relative(root, full).split(path.sep).join('/'),
    source: ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true),
  }));
}

function someNode(node: ts.Node, test: (node: ts.Node) => boolean): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (current: ts.Node) => {
    if (test(current)) found.push(current);
    ts.forEachChild(current, visit);
  };
  visit(node);
  return found;
}

const QUERY_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

/** Whether code (never a comment or a string) builds SQL: a Kysely query builder call or a sql`…` template. */
export function buildsSql(source: ts.SourceFile): string[] {
  return someNode(source, (node) => {
    if (ts.isTaggedTemplateExpression(node)) {
      const tag = ts.isPropertyAccessExpression(node.tag) ? node.tag.expression : node.tag;
      return ts.isIdentifier(tag) && tag.text === 'sql';
    }
    return (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_BUILDERS.has(node.expression.name.text)
    );
  }).map((node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return `${source.fileName.split(path.sep).slice(-1)[0]}:${line + 1}`;
  });
}

/** Whether code reads `process.env` (comments and strings do not count). */
export function readsProcessEnv(source: ts.SourceFile): boolean {
  return (
    someNode(
      source,
      (node) =>
        ts.isPropertyAccessExpression(node) &&
        node.name.text === 'env' &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'process',
    ).length > 0
  );
}

/**
 * Where SQL may be built: repositories, the kernel (the ledger, the audit log, money transactions and
 * identity are the data primitives every domain shares) and the database's own folder (schema and
 * migrations). Anywhere else a query builder is a layer crossed.
 */
export function mayBuildSql(file: string): boolean {
  return /\.repository\.ts$/.test(file) || /^(kernel|db)\//.test(file);
}

/** Files other than repositories (routes, services, queues, helpers) that build SQL themselves. */
export function sqlOutsideRepositories(root = API_SRC): Array<{ file: string; at: string[] }> {
  return parsedSources(root)
    .filter(({ file }) => !mayBuildSql(file))
    .map(({ file, source }) => ({ file, at: buildsSql(source) }))
    .filter(({ at }) => at.length > 0);
}

/** The catalogue's tables: only the catalogue's repositories build SQL on them; other domains call those. */
export const CATALOGUE_TABLES = [
  'series',
  'episodes',
  'seasons',
  'categories',
  'series_categories',
  'series_former_slugs',
];

/**
 * Files outside the catalogue's repositories that still query its tables, each with the reason. A
 * folder ends with a slash.
 */
export const CATALOGUE_TABLE_ALLOWANCES: Record<string, string> = {
  'domains/media/media-library.repository.ts':
    "temporary: a finished transcode writes its episode's video; media sits below the catalogue, so it cannot call it yet",
  'domains/auth/guest-merge.repository.ts':
    'temporary: a merged guest gives back a doubled like; auth sits below the catalogue, so it cannot call it yet',
};

/** Where SQL on the catalogue's tables may be built: its repositories and the database's own folder. */
export function mayQueryCatalogue(file: string): boolean {
  return /^domains\/catalogue\/[^/]+\.repository\.ts$/.test(file) || file.startsWith('db/');
}

const TABLE_CALLS = new Set([
  ...QUERY_BUILDERS,
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
]);
const CATALOGUE_IN_SQL = new RegExp(`\\b(from|join|update|into)\\s+"?(${CATALOGUE_TABLES.join('|')})\\b`, 'i');

/** Where code (never a comment or a string) queries a catalogue table: a query builder naming it, or raw SQL. */
export function queriesCatalogue(source: ts.SourceFile): string[] {
  return someNode(source, (node) => {
    if (ts.isTaggedTemplateExpression(node)) {
      const tag = ts.isPropertyAccessExpression(node.tag) ? node.tag.expression : node.tag;
      if (!ts.isIdentifier(tag) || tag.text !== 'sql') return false;
      const { template } = node;
      const text = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ? ');
      return CATALOGUE_IN_SQL.test(text);
    }
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
    if (!TABLE_CALLS.has(node.expression.name.text)) return false;
    const [first] = node.arguments;
    if (!first || !ts.isStringLiteralLike(first)) return false;
    const table = first.text.split(/\s+as\s+/i)[0]?.trim() ?? '';
    return CATALOGUE_TABLES.includes(table);
  }).map(
    (node) =>
      `${source.fileName.split(path.sep).slice(-1)[0]}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`,
  );
}

const allowedToQueryCatalogue = (file: string) =>
  Object.keys(CATALOGUE_TABLE_ALLOWANCES).some((entry) =>
    entry.endsWith('/') ? file.startsWith(entry) : file === entry,
  );

/** Files outside the catalogue's repositories that query its tables, with where; `allowances` says which pass. */
export function catalogueTableQueries(root = API_SRC): Array<{ file: string; at: string[] }> {
  return parsedSources(root)
    .filter(({ file }) => !mayQueryCatalogue(file))
    .map(({ file, source }) => ({ file, at: queriesCatalogue(source) }))
    .filter(({ at }) => at.length > 0);
}

/** The queries of catalogue tables no allowance covers. */
export function unownedCatalogueQueries(root = API_SRC): Array<{ file: string; at: string[] }> {
  return catalogueTableQueries(root).filter(({ file }) => !allowedToQueryCatalogue(file));
}

/**
 * The files that may read the process environment: the configuration, the process entry points and
 * the command-line print scripts. Everything else gets its settings through `AppConfig`.
 * `domains/media/ffmpeg.ts` looks the binary up on PATH (and FFMPEG_PATH) at each job, like a shell would;
 * `domains/media/ffmpeg-install.ts` is an entry point too (`.ci/run` and `npm start` run it before any server),
 * and `domains/media/ffmpeg-check.ts` is the start-up check of that same binary.
 */
export const ENVIRONMENT_READERS = [
  'config.ts',
  'server.ts',
  'cluster.ts',
  'env-file.ts',
  'startup-checks.ts',
  'domains/media/ffmpeg.ts',
  'domains/media/ffmpeg-install.ts',
  'domains/media/ffmpeg-check.ts',
];

export function environmentReaders(root = API_SRC): string[] {
  return parsedSources(root)
    .filter(({ source }) => readsProcessEnv(source))
    .map(({ file }) => file)
    .filter((file) => !ENVIRONMENT_READERS.includes(file) && !/(^|\/)print-[a-z-]+\.ts$/.test(file));
}

/** `x as unknown as T`: a cast through `unknown` that tells the compiler to stop checking. */
export function castsThroughUnknown(source: ts.SourceFile): string[] {
  return someNode(
    source,
    (node) =>
      ts.isAsExpression(node) &&
      ts.isAsExpression(node.expression) &&
      node.expression.type.kind === ts.SyntaxKind.UnknownKeyword,
  ).map(
    (node) =>
      `${path.relative(API_SRC, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`,
  );
}

/** Every cast through `unknown` in the API's sources. */
export function castsThroughUnknownIn(root = API_SRC): string[] {
  return parsedSources(root).flatMap(({ source }) => castsThroughUnknown(source));
}
