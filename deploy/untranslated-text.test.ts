/**
 * Every word a viewer or staff member reads comes from a message catalogue (issue #21): the interface
 * exists in English and Russian, and a literal left in a screen would show English to a Russian
 * viewer. Each frontend's `.tsx` sources are parsed and any JSX text, or any literal in an attribute a
 * person reads or a screen reader speaks, that holds a letter is named with its place.
 *
 * Names of products and brands read the same in every language and are allowed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const SOURCES = [
  'shell/src',
  'mf-catalog/src',
  'mf-player/src',
  'mf-wallet/src',
  'mf-account/src',
  'mf-admin/src',
  'shared/src/ui',
];
/** Attributes whose text is read on screen or spoken by a screen reader. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'heading',
  'description',
  'emptyText',
  'actionLabel',
]);
/** Text that is the same in every language. */
const SAME_IN_EVERY_LANGUAGE =
  /^(Cliffhanger|Gold|Cliffhanger Gold|Stripe|Visa|Mastercard|MIR|HLS|MP4|WebVTT|SRT|VTT|CC|ID|OK|Email|[A-Z]{2,3}|[^\p{L}]*)$/u;

const isSource = (file: string) => file.endsWith('.tsx') && !/\.test\.tsx$|test-support\.tsx$|harness\.tsx$/.test(file);

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'test' && name !== '__mocks__') out.push(...filesUnder(full));
    } else if (isSource(full)) out.push(full);
  }
  return out;
}

function literalsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, value: string) => {
    const words = value.replace(/\s+/g, ' ').trim();
    if (!/\p{L}/u.test(words) || SAME_IN_EVERY_LANGUAGE.test(words)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.relative(ROOT, file)}:${line + 1} ${JSON.stringify(words)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.getText());
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) report(value, value.text);
      if (value && ts.isJsxExpression(value) && value.expression) {
        const inner = value.expression;
        if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) report(inner, inner.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the interface in every language', () => {
  it('has no words written into a screen instead of a message catalogue', () => {
    const untranslated = SOURCES.flatMap((dir) => filesUnder(path.join(ROOT, dir))).flatMap(literalsOf);
    expect(untranslated).toEqual([]);
  });
});
