import { readdirSync, statSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';

/**
 * Finds, in the API's source, the methods that change a contest's board and whether each announces it
 * (BoardChanges.changed or .registered): read with the TypeScript compiler, types and all, so a write is found
 * however it is spelled (raw SQL, a repository, the entity manager, a query builder, a libs/db board writer).
 */

export const API_ROOT = join(__dirname, '../..');
const REPO_ROOT = join(API_ROOT, '../..');

/** The tables the board is folded from: any write to them changes a board. */
const BOARD_TABLES = ['contests', 'contest_problems', 'contest_participations', 'contest_cells'];
const BOARD_ENTITIES = ['ContestEntity', 'ContestProblemEntity', 'ContestParticipationEntity', 'ContestCellEntity'];
/** Deleting a user or a problem deletes board rows and cells with it (foreign keys cascade). */
const CASCADING_TABLES = ['users', 'problems'];
const CASCADING_ENTITIES = ['UserEntity', 'ProblemEntity'];
/** libs/db's functions that write board rows. */
const BOARD_WRITERS = ['refoldContestBoard', 'refoldContestCell', 'syncFrozenResults', 'countHiddenSubmission', 'writeFinalResult'];

const WRITE_METHODS = new Set(['save', 'insert', 'update', 'upsert', 'delete', 'remove', 'softDelete', 'softRemove', 'restore', 'clear']);
const DELETE_METHODS = new Set(['delete', 'remove', 'softDelete', 'softRemove', 'clear']);
const SQL_WRITE = new RegExp(
  `\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?)\\s+(?:${BOARD_TABLES.join('|')})\\b` +
    `|\\b(?:delete\\s+from|truncate(?:\\s+table)?)\\s+(?:${CASCADING_TABLES.join('|')})\\b`,
  'i',
);

interface Method {
  /** `<file under apps/api/src>#<Class>.<method>`. */
  key: string;
  /** Called by nothing else in its class and not private: where a write starts. */
  entry: boolean;
  writes: string[];
  announces: boolean;
  calls: string[];
}

export interface BoardWriter {
  key: string;
  writes: string[];
  announces: boolean;
}

/** Every .ts file under `dir` but the tests. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** A program of the API's source, with `extra` files (path → text) added as if they were in it. */
export function apiProgram(files: string[], extra: Record<string, string> = {}): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(API_ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('No tsconfig for the API');
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    name in extra ? ts.createSourceFile(name, extra[name], language) : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => name in extra || fileExists.call(host, name);
  host.readFile = (name) => extra[name] ?? readFile.call(host, name);
  return ts.createProgram([...files, ...Object.keys(extra)], config.options, host);
}

/** The methods of `files` that change a board, directly or through the other methods of their class they call. */
export function boardWriters(program: ts.Program, files: string[]): BoardWriter[] {
  const checker = program.getTypeChecker();
  const methods = files.flatMap((file) => methodsOf(program.getSourceFile(file)!, checker));
  const byKey = new Map(methods.map((m) => [m.key, m]));
  const reach = (m: Method, seen = new Set<string>()): { writes: string[]; announces: boolean } => {
    seen.add(m.key);
    const callees = m.calls.map((key) => byKey.get(key)).filter((c): c is Method => !!c && !seen.has(c.key));
    const reached = callees.map((c) => reach(c, seen));
    return { writes: [...m.writes, ...reached.flatMap((r) => r.writes)], announces: m.announces || reached.some((r) => r.announces) };
  };
  return methods
    .filter((m) => m.entry)
    .map((m) => ({ key: m.key, ...reach(m) }))
    .filter((m) => m.writes.length > 0);
}

function methodsOf(source: ts.SourceFile, checker: ts.TypeChecker): Method[] {
  const file = relative(join(API_ROOT, 'src'), source.fileName);
  const found: Method[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isClassDeclaration(node) && node.name) {
      const className = node.name.text;
      const members = node.members.filter(
        (m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && !!m.body && ts.isIdentifier(m.name),
      );
      const classMethods = members.map((m) => ({ node: m, ...bodyOf(m, checker) }));
      const called = new Set(classMethods.flatMap((m) => m.calls));
      for (const m of classMethods) {
        const name = (m.node.name as ts.Identifier).text;
        const isPrivate = ts.getCombinedModifierFlags(m.node) & ts.ModifierFlags.Private;
        found.push({
          key: `${file}#${className}.${name}`,
          entry: !isPrivate || !called.has(name),
          writes: m.writes,
          announces: m.announces,
          calls: m.calls.map((callee) => `${file}#${className}.${callee}`),
        });
      }
    } else if (ts.isFunctionDeclaration(node) && node.name && node.body) {
      found.push({ key: `${file}#${node.name.text}`, entry: true, ...bodyOf(node, checker), calls: [] });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The board writes in a function's body, whether it announces a board change, and the `this.` methods it calls. */
function bodyOf(fn: ts.FunctionLikeDeclaration, checker: ts.TypeChecker): { writes: string[]; announces: boolean; calls: string[] } {
  const writes: string[] = [];
  const calls: string[] = [];
  let announces = false;
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      if (SQL_WRITE.test(textOf(node))) writes.push(`SQL: ${textOf(node).slice(0, 60)}`);
    } else if (ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node.parent)) {
      // A SQL text kept in a module constant.
      const sql = constantText(node, checker);
      if (sql && SQL_WRITE.test(sql)) writes.push(`SQL ${node.text}`);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
      if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) calls.push(name);
      if (
        ts.isPropertyAccessExpression(callee) &&
        ['changed', 'registered'].includes(name) &&
        typeName(callee.expression, checker) === 'BoardChanges'
      )
        announces = true;
      const writer = boardWriterCalled(callee, checker);
      if (writer) writes.push(`${writer}()`);
      const entity = ts.isPropertyAccessExpression(callee) ? entityWritten(callee, node.arguments, checker) : undefined;
      if (entity) writes.push(`${entity} ${name}`);
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return { writes, announces, calls };
}

function textOf(node: ts.StringLiteralLike | ts.TemplateExpression): string {
  if (!ts.isTemplateExpression(node)) return node.text;
  return [node.head.text, ...node.templateSpans.map((span) => ` \${} ${span.literal.text}`)].join('');
}

/** The text of a module constant initialised with a string or template. */
function constantText(node: ts.Identifier, checker: ts.TypeChecker): string | undefined {
  const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const init = declaration.initializer;
  return ts.isStringLiteralLike(init) || ts.isTemplateExpression(init) ? textOf(init) : undefined;
}

function typeName(node: ts.Expression, checker: ts.TypeChecker): string | undefined {
  return checker.getTypeAtLocation(node).getSymbol()?.name;
}

/** The libs/db board writer `callee` names, if it names one. */
function boardWriterCalled(callee: ts.Expression, checker: ts.TypeChecker): string | undefined {
  const target = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
  let symbol = checker.getSymbolAtLocation(target);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declared = symbol?.declarations?.[0]?.getSourceFile().fileName ?? '';
  return symbol && BOARD_WRITERS.includes(symbol.name) && relative(REPO_ROOT, declared).startsWith('libs/db/') ? symbol.name : undefined;
}

/** The board entity (or cascading one, deleted) a TypeORM write call writes, if it writes one. */
function entityWritten(callee: ts.PropertyAccessExpression, args: readonly ts.Expression[], checker: ts.TypeChecker): string | undefined {
  const method = callee.name.text;
  if (!WRITE_METHODS.has(method) && method !== 'into') return undefined;
  const receiver = checker.getTypeAtLocation(callee.expression);
  const kind = receiver.getSymbol()?.name ?? '';
  const candidates: string[] = [];
  if (/Repository$|QueryBuilder$/.test(kind)) candidates.push(...typeNames(receiver, checker));
  if (kind === 'EntityManager' || /QueryBuilder$/.test(kind))
    if (args[0]) candidates.push(...typeNames(checker.getTypeAtLocation(args[0]), checker));
  if (!kind.match(/Repository$|QueryBuilder$|^EntityManager$/)) return undefined;
  const deletes = DELETE_METHODS.has(method) || /DeleteQueryBuilder$/.test(kind);
  return candidates.find((name) => BOARD_ENTITIES.includes(name) || (deletes && CASCADING_ENTITIES.includes(name)));
}

/** The names a type is made of: itself, its type arguments, its parts (a union, an intersection, an array's element). */
function typeNames(type: ts.Type, checker: ts.TypeChecker, depth = 0): string[] {
  if (depth > 3) return [];
  const names = [type.getSymbol()?.name, type.aliasSymbol?.name].filter((n): n is string => !!n);
  const parts = type.isUnionOrIntersection() ? type.types : [];
  const args =
    (type.flags & ts.TypeFlags.Object) !== 0 && (type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference
      ? checker.getTypeArguments(type as ts.TypeReference)
      : [];
  return [...names, ...[...parts, ...args, ...(type.aliasTypeArguments ?? [])].flatMap((t) => typeNames(t, checker, depth + 1))];
}
