/**
 * Lists every function in apps/server/src longer than the limit (default 120 lines, from its
 * first to its last line), longest first, and exits 1 when there is one: a factory or a route
 * plugin that long is a module in disguise (STYLE.md, "Factories that are whole modules").
 *
 *   npx tsx apps/server/scripts/long-functions.ts [maxLines]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const maxLines = Number(process.argv[2] ?? 120);

interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The name a reader would search for: the function's own, or the variable, property or call it sits in. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
}

function longFunctionsOf(path: string): LongFunction[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > maxLines) {
        const name = nameOf(node as ts.FunctionLikeDeclaration, source);
        found.push({ file: relative(serverDir, path), line: first + 1, name, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const found = sourceFiles(join(serverDir, 'src'))
  .flatMap(longFunctionsOf)
  .sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.name}  ${f.file}:${f.line}`);
console.log(found.length === 0 ? `No function over ${maxLines} lines.` : `${found.length} over ${maxLines} lines.`);
process.exitCode = found.length === 0 ? 0 : 1;
