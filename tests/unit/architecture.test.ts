import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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
      .filter((path) => /['"`]\/api(['"`/?])/.test(readFileSync(path, 'utf8')))
      .map(name);
    expect(offenders).toEqual([]);
  });

  it('gives every island store the one environment, which no store builds for itself', () => {
    const environmentModule = 'src/islands/shared/environment.ts';
    // What only the environment hands out: the API client, navigation and toasts.
    const browserOnly = /from '[./]*lib\/client\/(api|navigation|toasts)\.ts'/;
    const offenders = files
      .filter((path) => name(path).startsWith('src/islands/') && name(path) !== environmentModule)
      .filter((path) => {
        const text = readFileSync(path, 'utf8');
        const ownEnvironment = /\binterface \w*Deps\b|\bfunction browser\w*Deps\b/.test(text);
        const importsBrowser = [...text.matchAll(/^import [^;]*?;/gms)].some(([statement]) => {
          if (!browserOnly.test(statement)) return false;
          // Types and the failure reporter's shape may be shared; calls and navigation may not.
          return (
            !/^import type /.test(statement) && /\b(request|call|navigate|showToast\w*)\b/.test(statement)
          );
        });
        return ownEnvironment || importsBrowser;
      })
      .map(name);
    expect(offenders).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = files
      .filter((path) => !LONG_ALLOWED.has(name(path)))
      .map((path) => ({ file: name(path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
