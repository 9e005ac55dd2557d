/**
 * No function of the product runs over 150 lines, in the API or in any frontend: a longer one is split
 * into named pieces that read on their own. Read with the TypeScript compiler, so a function is a
 * declaration, an expression, an arrow, a method, a constructor or an accessor, and its length is the
 * lines of its body. Test files are left out: a `describe` block is a list of cases, not a function
 * anybody reads through.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');
const SOURCES = [
  'api/src',
  'shared/src',
  'shell/src',
  'mf-catalog/src',
  'mf-player/src',
  'mf-wallet/src',
  'mf-account/src',
  'mf-admin/src',
];
const MAX_LINES = 150;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.d\.ts$|\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The name a function is known by: its own, or the variable, property or call it is given to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  if (ts.isCallExpression(parent) && ts.isVariableDeclaration(parent.parent) && ts.isIdentifier(parent.parent.name)) {
    return parent.parent.name.text;
  }
  return '(anonymous)';
}

/** Every function of a source text longer than `max` lines, as `name` and its length. */
function longFunctions(fileName: string, text: string, max = MAX_LINES): Array<{ name: string; lines: number }> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Array<{ name: string; lines: number }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.Node;
      const first = source.getLineAndCharacterOfPosition(body.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(body.getEnd()).line;
      if (last - first + 1 > max)
        found.push({ name: nameOf(node as ts.FunctionLikeDeclaration), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no function runs over 150 lines', () => {
  const long = SOURCES.flatMap((dir) =>
    sourceFiles(path.join(ROOT, dir)).flatMap((file) => {
      const relative = path.relative(ROOT, file).split(path.sep).join('/');
      return longFunctions(file, readFileSync(file, 'utf8')).map(({ name, lines }) => ({
        at: `${relative}:${name}`,
        lines,
      }));
    }),
  );

  it('in the API and every frontend', () => {
    expect(long.map(({ at, lines }) => `${at} (${lines} lines)`)).toEqual([]);
  });

  it('the check measures bodies, arrows and methods alike, and names them', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const text = [
      `function declared() {\n${lines(150)}\n}`,
      `const arrow = () => {\n${lines(148)}\n};`,
      `class C {\n  method() {\n${lines(151)}\n  }\n}`,
    ].join('\n');
    expect(longFunctions('probe.ts', text)).toEqual([
      { name: 'declared', lines: 152 },
      { name: 'method', lines: 153 },
    ]);
  });
});
