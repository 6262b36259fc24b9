import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The rules of the source tree that a newcomer relies on (DESIGN §3): business rules never
// speak HTTP, no module imports itself round a cycle, and every source file is short enough to hold in
// one's head.

const ROOT = resolve(import.meta.dirname, '../..');
/** Files allowed to be long: the schema is one table after another. */
const LONG_ALLOWED = new Set(['src/server/db/schema.ts']);
const MAX_LINES = 300;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(join(ROOT, 'src'));
const name = (path: string) => relative(ROOT, path);

/** The project files a file imports by relative path (type-only imports included). */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm)]
    .map((match) => resolve(dirname(path), match[1] ?? ''))
    .filter((target) => files.includes(target));
}

/** Island code: what must reach the browser through the one environment (decision 096), which is the rest. */
const ENVIRONMENT_MODULE = 'src/islands/shared/environment.ts';
const islandFiles = files.filter(
  (path) => name(path).startsWith('src/islands/') && name(path) !== ENVIRONMENT_MODULE,
);

const parsed = new Map<string, ts.SourceFile>();

/**
 * A file's code as TypeScript sees it (comments aside): an Astro component's frontmatter and scripts. A
 * test's own `text` stands in for the file's.
 */
function parse(path: string, text?: string): ts.SourceFile {
  if (text === undefined) {
    const source = parsed.get(path) ?? parse(path, readFileSync(path, 'utf8'));
    parsed.set(path, source);
    return source;
  }
  const code = path.endsWith('.astro')
    ? [
        /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '',
        ...[...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? ''),
      ].join('\n')
    : text;
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, kind);
}

function nodesOf(source: ts.SourceFile): ts.Node[] {
  const nodes: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    nodes.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return nodes;
}

/** The project file a relative module specifier names, as a path from the root (.ts when it names none). */
function moduleOf(from: string, specifier: string): string {
  const target = name(resolve(dirname(from), specifier));
  return /\.(tsx?|astro)$/.test(target) ? target : `${target}.ts`;
}

/** An API path written out: /api, /api/… or /api?… */
const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * Where a file writes an API path itself instead of calling its binding: a literal that starts with /api,
 * a template with /api in its text (`${origin}/api/v1/…`) or API_ROOT in it (`${API_ROOT}/v1/…`), or an
 * import of API_ROOT (which only builds paths). Comments may name paths.
 */
function apiPathsIn(path: string, text?: string): string[] {
  const source = parse(path, text);
  const found = nodesOf(source).flatMap((node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      return API_PATH.test(node.text) ? [`writes ${node.getText(source)}`] : [];
    }
    if (ts.isTemplateExpression(node)) {
      const texts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      const fromRoot = node.templateSpans.some((span) =>
        /\bAPI_ROOT\b/.test(span.expression.getText(source)),
      );
      const written = texts.some((text) => /(?:^|[^\w.-])\/api(?:[/?]|$)/.test(text));
      return fromRoot || written ? [`builds ${node.getText(source)}`] : [];
    }
    if (ts.isImportSpecifier(node) && (node.propertyName ?? node.name).text === 'API_ROOT') {
      return ['imports API_ROOT'];
    }
    return [];
  });
  return [...new Set(found)];
}

/** The browser modules the environment wraps: those of src/lib/client it imports values from. */
const wrappedModules = new Set(
  parse(join(ROOT, ENVIRONMENT_MODULE))
    .statements.filter(ts.isImportDeclaration)
    .filter((statement) => !statement.importClause?.isTypeOnly)
    .map((statement) =>
      moduleOf(join(ROOT, ENVIRONMENT_MODULE), (statement.moduleSpecifier as ts.StringLiteral).text),
    )
    .filter((module) => module.startsWith('src/lib/client/')),
);

/** What island code may still import from a module the environment wraps: state and names, not acts. */
const WRAPPED_ALLOWED: { module: string; names: string[]; reason: string }[] = [
  {
    module: 'src/lib/client/session.ts',
    names: ['$auth', '$user'],
    reason:
      'the signed-in student, a nanostore that screens subscribe to and tests set; changing it (signing in ' +
      'or out, a new account or user) goes through the environment',
  },
  {
    module: 'src/lib/client/storage.ts',
    names: ['ANSWER_QUEUE_PREFIX', 'OFFLINE_RUN_PREFIX'],
    reason: "storage keys' names, not the storage, which is environment().openStorage",
  },
];

/** The browser's globals that only the environment touches: the network, the address, history, storage. */
const BROWSER_GLOBALS = new Set([
  'fetch',
  'XMLHttpRequest',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
]);
/** What those globals are also reached through. */
const GLOBAL_OBJECTS = new Set(['window', 'globalThis', 'self', 'document']);

/** Whether an identifier is read as a value (not a property's, a key's or a declaration's name). */
function readsValue(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isQualifiedName(parent) || ts.isTypeReferenceNode(parent) || ts.isTypeQueryNode(parent))
    return false;
  if (ts.isJsxAttribute(parent)) return false;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return false;
  const named = parent as ts.Node & { name?: ts.Node };
  return !(named.name === node && !ts.isShorthandPropertyAssignment(parent));
}

/** The names a file declares (variables, parameters, functions, imports): those shadow a browser global. */
function declaredNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const node of nodesOf(source)) {
    const named = node as ts.Node & { name?: ts.Node };
    const declares =
      ts.isVariableDeclaration(node) ||
      ts.isParameter(node) ||
      ts.isBindingElement(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isImportSpecifier(node) ||
      ts.isImportClause(node) ||
      ts.isNamespaceImport(node);
    if (declares && named.name && ts.isIdentifier(named.name)) names.add(named.name.text);
  }
  return names;
}

/**
 * How an island file reaches the browser past the environment: a value imported from a module the
 * environment wraps (but WRAPPED_ALLOWED), a write to the session's `$auth`, or a browser global (`fetch`,
 * `location`, `window.location` …). A file that declares a name of its own like a global's (ProfileView's
 * `history`, its coin history) is taken to mean its own.
 */
function browserReachesIn(path: string, text?: string): string[] {
  const source = parse(path, text);
  const declared = declaredNames(source);
  const wrappedValue = (module: string, imported: string) =>
    !WRAPPED_ALLOWED.some((entry) => entry.module === module && entry.names.includes(imported));
  const found = nodesOf(source).flatMap((node): string[] => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const specifier = node.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return [];
      const module = moduleOf(path, specifier.text);
      if (!wrappedModules.has(module)) return [];
      if (ts.isExportDeclaration(node)) {
        if (node.isTypeOnly) return [];
        const exported =
          node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause : undefined;
        if (!exported) return [`exports * from ${module}`];
        return exported.elements
          .filter((element) => !element.isTypeOnly)
          .map((element) => (element.propertyName ?? element.name).text)
          .filter((imported) => wrappedValue(module, imported))
          .map((imported) => `exports ${imported} from ${module}`);
      }
      const clause = node.importClause;
      if (!clause) return [`imports ${module}`];
      if (clause.isTypeOnly) return [];
      const bindings = clause.namedBindings;
      return [
        ...(clause.name ? [`imports ${clause.name.text} from ${module}`] : []),
        ...(bindings && ts.isNamespaceImport(bindings) ? [`imports * from ${module}`] : []),
        ...(bindings && ts.isNamedImports(bindings)
          ? bindings.elements
              .filter((element) => !element.isTypeOnly)
              .map((element) => (element.propertyName ?? element.name).text)
              .filter((imported) => wrappedValue(module, imported))
              .map((imported) => `imports ${imported} from ${module}`)
          : []),
      ];
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return [];
      const module = moduleOf(path, specifier.text);
      return wrappedModules.has(module) ? [`imports ${module}`] : [];
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === '$auth' &&
      /^set/.test(node.name.text)
    ) {
      return [`writes $auth`];
    }
    if (ts.isIdentifier(node) && BROWSER_GLOBALS.has(node.text) && !declared.has(node.text)) {
      return readsValue(node) ? [`uses ${node.text}`] : [];
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      GLOBAL_OBJECTS.has(node.expression.text) &&
      !declared.has(node.expression.text) &&
      BROWSER_GLOBALS.has(node.name.text)
    ) {
      return [`uses ${node.expression.text}.${node.name.text}`];
    }
    return [];
  });
  return [...new Set(found)];
}

/** Island code that reaches the browser past the environment on purpose, and why. */
const BROWSER_ALLOWED: { file: string; what: string; reason: string }[] = [
  {
    file: 'src/islands/offline/maths-fonts.ts',
    what: 'uses fetch',
    reason:
      "its storeMathsFonts is the environment's own (environment.ts loads it, no store calls it), and it " +
      "fetches KaTeX's static font files, build assets and not the API, into the worker's font cache",
  },
  {
    file: 'src/islands/offline/maths-fonts.ts',
    what: 'uses window.location',
    reason: "the same function: the page's address is the base the font files' URLs resolve against",
  },
];

describe('the source tree', () => {
  it('keeps HTTP out of the services', () => {
    const offenders = files
      .filter((path) => name(path).startsWith('src/server/services/'))
      .filter((path) => importsOf(path).some((target) => name(target).startsWith('src/server/http/')))
      .map(name);
    expect(offenders).toEqual([]);
  });

  it('has no import cycle', () => {
    const graph = new Map(files.map((path) => [path, importsOf(path)]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const stack: string[] = [];
    const visit = (path: string) => {
      state.set(path, 'open');
      stack.push(path);
      for (const target of graph.get(path) ?? []) {
        if (state.get(target) === 'open') {
          cycles.push([...stack.slice(stack.indexOf(target)), target].map(name).join(' -> '));
        } else if (!state.has(target)) visit(target);
      }
      stack.pop();
      state.set(path, 'done');
    };
    for (const path of files) if (!state.has(path)) visit(path);
    expect(cycles).toEqual([]);
  });

  it('lets no island or the service worker write an API path: they call its binding', () => {
    const offenders = files
      .filter((path) => /^src\/(islands|service-worker)\//.test(name(path)))
      .flatMap((path) => apiPathsIn(path).map((what) => `${name(path)}: ${what}`));
    expect(offenders).toEqual([]);
  });

  it('gives every island store the one environment, which no store builds for itself', () => {
    const offenders = islandFiles
      .filter((path) => /\binterface \w*Deps\b|\bfunction browser\w*Deps\b/.test(readFileSync(path, 'utf8')))
      .map(name);
    expect(offenders).toEqual([]);
  });

  it('lets island code reach the browser only through the environment', () => {
    const found = islandFiles.flatMap((path) =>
      browserReachesIn(path).map((what) => ({ file: name(path), what })),
    );
    const allowed = (reach: { file: string; what: string }) =>
      BROWSER_ALLOWED.some((entry) => entry.file === reach.file && entry.what === reach.what);
    expect(found.filter((reach) => !allowed(reach)).map(({ file, what }) => `${file}: ${what}`)).toEqual([]);
    // An entry whose reach has gone (moved into the environment) goes too, so the list stays true.
    const stale = BROWSER_ALLOWED.filter(
      (entry) => !found.some((reach) => reach.file === entry.file && reach.what === entry.what),
    );
    expect(stale.map(({ file, what }) => `${file}: ${what}`)).toEqual([]);
  });

  it('sees the ways past the environment and past the API bindings that it forbids', () => {
    const sample = join(ROOT, 'src/islands/auth/sample-store.ts');
    const code = `
import { $auth, completeSignIn, type ReturnTo } from '../../lib/client/session.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { goBack as back } from '../../lib/client/navigation.ts';
import { API_ROOT } from '../../lib/api/endpoint.ts';
// GET /api/v1/user, as a comment may say; a local named history is not the global
export async function act(history: string[]) {
  await fetch(\`\${API_ROOT}/v1/user\`);
  await window.fetch(\`\${location.origin}/api/v1/user\`);
  const next = new URLSearchParams(window.location.search).get('next');
  await import('../../lib/client/toasts.ts');
  $auth.set({ user: null, profile: null, isAuth: false });
  const typed: typeof fetch | undefined = undefined;
  return { history, next, typed, path: '/api/v1/exam?x=1', state: history.length };
}`;
    expect(browserReachesIn(sample, code)).toEqual([
      'imports completeSignIn from src/lib/client/session.ts',
      'imports goBack from src/lib/client/navigation.ts',
      'uses fetch',
      'uses window.fetch',
      'uses location',
      'uses window.location',
      'imports src/lib/client/toasts.ts',
      'writes $auth',
    ]);
    expect(apiPathsIn(sample, code)).toEqual([
      'imports API_ROOT',
      `builds \`\${API_ROOT}/v1/user\``,
      `builds \`\${location.origin}/api/v1/user\``,
      "writes '/api/v1/exam?x=1'",
    ]);
  });

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = files
      .filter((path) => !LONG_ALLOWED.has(name(path)))
      .map((path) => ({ file: name(path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
