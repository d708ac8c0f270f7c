// Checks that every namespace the web code names (useTranslation, `ns:`, 'ns:key') is one of i18n's NAMESPACES.
// That the list equals the catalog files in each language, and that keys exist, is catalogs.test.ts's job.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_SRC = join(ROOT, 'apps/web/src');
const NAMESPACE_LIST = join(WEB_SRC, 'i18n/index.ts');

/** One place the code names a namespace: `file:line` and the name, or null where the name is not a literal. */
export interface NamespaceUse {
  at: string;
  namespace: string | null;
}

/** The string items of `export const NAMESPACES = [...] as const`. */
export function listedNamespaces(source: string): string[] {
  const file = ts.createSourceFile('index.ts', source, ts.ScriptTarget.Latest, true);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'NAMESPACES' || !declaration.initializer) {
        continue;
      }
      let list = declaration.initializer;
      if (ts.isAsExpression(list)) list = list.expression;
      if (!ts.isArrayLiteralExpression(list)) break;
      return list.elements.map((element) => {
        if (!ts.isStringLiteral(element)) throw new Error(`NAMESPACES holds a non-literal: ${element.getText()}`);
        return element.text;
      });
    }
  }
  throw new Error('i18n/index.ts declares no `NAMESPACES = [...]`');
}

// Calls whose first argument is a namespace or a list of them.
const NAMESPACE_CALLS = new Set(['useTranslation', 'loadNamespaces', 'withTranslation']);
// Calls whose first argument is a key, which may name its namespace as `ns:key`.
const KEY_CALLS = new Set(['t', 'tc', 'exists']);
const QUALIFIED_KEY = /^(\w+):/;

/** Every namespace a source file names, found by syntax so comments and unrelated strings never count. */
export function namespaceUses(source: string, fileName: string): NamespaceUse[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const uses: NamespaceUse[] = [];
  const at = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const namespaces = (node: ts.Expression) => {
    if (ts.isArrayLiteralExpression(node)) node.elements.forEach(namespaces);
    else uses.push({ at: at(node), namespace: ts.isStringLiteralLike(node) ? node.text : null });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : '';
      const [first] = node.arguments;
      if (first && NAMESPACE_CALLS.has(name)) namespaces(first);
      if (first && KEY_CALLS.has(name)) {
        const text = ts.isStringLiteralLike(first) ? first.text : ts.isTemplateExpression(first) ? first.head.text : '';
        const qualified = QUALIFIED_KEY.exec(text);
        if (qualified) uses.push({ at: at(first), namespace: qualified[1]! });
      }
    }
    // `{ ns: 'x' }` in t() options, `ns: [...]` in i18next's init, `ns="x"` on <Trans>.
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'ns') {
      namespaces(node.initializer);
    }
    if (ts.isJsxAttribute(node) && node.name.getText() === 'ns' && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) namespaces(value);
      else if (ts.isJsxExpression(value) && value.expression) namespaces(value.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return uses;
}

/** One line per use that names no listed namespace, or names one the check cannot read. */
export function unknownNamespaces(listed: readonly string[], uses: readonly NamespaceUse[]): string[] {
  const known = new Set(listed);
  return uses.flatMap(({ at, namespace }) => {
    if (namespace === null) return [`${at}: namespace is not a string literal (keys and namespaces are static)`];
    return known.has(namespace) ? [] : [`${at}: namespace '${namespace}' is not in NAMESPACES`];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function main(): number {
  const listed = listedNamespaces(readFileSync(NAMESPACE_LIST, 'utf8'));
  const files = sourceFiles(WEB_SRC);
  const uses = files.flatMap((path) => namespaceUses(readFileSync(path, 'utf8'), relative(ROOT, path)));
  const problems = unknownNamespaces(listed, uses);
  if (problems.length > 0) {
    console.error('The web code names namespaces i18n does not list:');
    for (const problem of problems) console.error(`  ${problem}`);
    return 1;
  }
  console.log(`${uses.length} namespace uses in ${files.length} files, all among ${listed.join(', ')}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main();
}
