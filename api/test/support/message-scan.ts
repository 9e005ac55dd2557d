/**
 * Finds, by reading the source, every message the API can answer as written: the texts passed to the
 * error functions (`badRequest`, `forbidden`, `notFound`, `conflict`, `unauthorized`, `new HttpError`),
 * the texts of `message:` fields in answers, and the defaults of `message` parameters. A text built
 * from values becomes a template with `{{}}` where a value goes; a name is followed to the constant
 * it stands for (in the same file first, then in any scanned file).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface FoundMessage {
  /** Null when the message is not written text here (a value passed through, such as `error.message`). */
  /** The text, with `{{}}` where a value is put in. */
  template: string | null;
  /** file:line of the use. */
  at: string;
  /** The source of an expression that is not written text. */
  expression?: string;
}

const ERROR_FUNCTIONS = new Set(['badRequest', 'forbidden', 'notFound', 'conflict', 'unauthorized']);
/** Local functions that answer a message: the name and the index of its message argument. */
const MESSAGE_FUNCTIONS: Record<string, number> = { refusal: 1, refuse: 2 };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

type Constants = Map<string, ts.Expression>;

function constantsOf(file: ts.SourceFile): Constants {
  const constants: Constants = new Map();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      (node.parent.flags & ts.NodeFlags.Const) !== 0
    ) {
      constants.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return constants;
}

/** The texts an expression can be; an expression that is not written text gives none. */
function textsOf(expression: ts.Expression, local: Constants, global: Constants, depth = 0): string[] {
  if (depth > 5) return [];
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression.text];
  if (ts.isTemplateExpression(expression)) {
    return [expression.head.text + expression.templateSpans.map((span) => `{{}}${span.literal.text}`).join('')];
  }
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression)) {
    return textsOf(expression.expression, local, global, depth + 1);
  }
  if (ts.isConditionalExpression(expression)) {
    return [
      ...textsOf(expression.whenTrue, local, global, depth + 1),
      ...textsOf(expression.whenFalse, local, global, depth + 1),
    ];
  }
  if (
    ts.isBinaryExpression(expression) &&
    (expression.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      expression.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  ) {
    return [
      ...textsOf(expression.left, local, global, depth + 1),
      ...textsOf(expression.right, local, global, depth + 1),
    ];
  }
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    return textsOf(expression.right, local, global, depth + 1);
  }
  // `TEXTS.name` and `TEXTS[key]` of a constant object of texts: that text, or every text of it.
  if (
    (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) &&
    ts.isIdentifier(expression.expression)
  ) {
    let object = local.get(expression.expression.text) ?? global.get(expression.expression.text);
    while (object && (ts.isAsExpression(object) || ts.isSatisfiesExpression(object))) object = object.expression;
    if (!object || !ts.isObjectLiteralExpression(object)) return [];
    const wanted = ts.isPropertyAccessExpression(expression) ? expression.name.text : null;
    return object.properties.flatMap((property) =>
      ts.isPropertyAssignment(property) &&
      (wanted === null || (ts.isIdentifier(property.name) && property.name.text === wanted))
        ? textsOf(property.initializer, local, global, depth + 1)
        : [],
    );
  }
  if (ts.isIdentifier(expression)) {
    const constant = local.get(expression.text) ?? global.get(expression.text);
    return constant ? textsOf(constant, local, global, depth + 1) : [];
  }
  return [];
}

/** Every message written in the `.ts` files under the given folders. */
export function scanMessages(roots: string[], base: string): FoundMessage[] {
  const files = roots.flatMap(sourceFiles).map((path) => ({
    path,
    source: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
  }));
  const global: Constants = new Map();
  const locals = new Map<string, Constants>();
  for (const { path, source } of files) {
    const constants = constantsOf(source);
    locals.set(path, constants);
    for (const [name, value] of constants) if (!global.has(name)) global.set(name, value);
  }
  const found: FoundMessage[] = [];
  for (const { path, source } of files) {
    const local = locals.get(path) ?? new Map();
    const add = (expression: ts.Expression | undefined) => {
      if (!expression) return;
      const { line } = source.getLineAndCharacterOfPosition(expression.getStart());
      const at = `${relative(base, path)}:${line + 1}`;
      const texts = textsOf(expression, local, global);
      if (texts.length === 0) found.push({ template: null, at, expression: expression.getText() });
      for (const template of texts) found.push({ template, at });
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        if (ERROR_FUNCTIONS.has(name)) add(node.arguments[0]);
        const index = MESSAGE_FUNCTIONS[name];
        if (index !== undefined) add(node.arguments[index]);
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'HttpError') {
        add(node.arguments?.[1]);
      }
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'message') {
        add(node.initializer);
      }
      if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.text === 'message' && node.initializer) {
        add(node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** A template with its placeholders' names removed: `Season {{season}} …` → `Season {{}} …`. */
export const templateShape = (template: string) => template.replace(/\{\{[^}]*\}\}/g, '{{}}');
