import { init } from 'es-module-lexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { importClosure, pageEntries, staticImports, withPreloads } from './island-preloads.ts';

beforeAll(async () => {
  await init;
});

const page = `<html><head><title>Test</title><link rel="stylesheet" href="/_astro/quiz.css"></head><body>
<astro-island uid="a" component-url="/_astro/Quiz.js" renderer-url="/_astro/client.js" ssr client="only" opts="{}"></astro-island>
<astro-island uid="b" component-url="/_astro/Panel.js" renderer-url="/_astro/client.js" ssr client="load"></astro-island>
<astro-island uid="c" component-url="/_astro/Footer.js" renderer-url="/_astro/client.js" ssr client="visible"></astro-island>
<script type="module" src="/_astro/Base.js"></script><script>window.inline = 1</script>
</body></html>`;

describe('pageEntries', () => {
  it("takes the page's module scripts and the files of islands that hydrate at once, each once", () => {
    expect(pageEntries(page)).toEqual({
      scripts: ['/_astro/Base.js'],
      islands: ['/_astro/Quiz.js', '/_astro/client.js', '/_astro/Panel.js'],
    });
  });
});

describe('staticImports', () => {
  it('reads the static imports of a minified module as site paths, and leaves dynamic imports out', () => {
    const code =
      'import{a as e}from"./preact.module.js";import"./styles.js";import{b}from"../lib/x.js";' +
      'const t=()=>import("./katex.js");export{e as default};';
    expect(staticImports(code, '/_astro/Quiz.js')).toEqual([
      '/_astro/preact.module.js',
      '/_astro/styles.js',
      '/lib/x.js',
    ]);
  });
});

describe('importClosure', () => {
  it('walks every level of imports once, through shared modules and cycles, without the entries', () => {
    const graph: Record<string, string[]> = {
      '/Quiz.js': ['/store.js', '/preact.js'],
      '/Base.js': ['/register.js'],
      '/store.js': ['/session.js', '/preact.js'],
      '/session.js': ['/storage.js', '/store.js'],
      '/storage.js': ['/Quiz.js'],
    };
    expect(importClosure(['/Quiz.js', '/Base.js'], (path) => graph[path] ?? [])).toEqual([
      '/store.js',
      '/preact.js',
      '/register.js',
      '/session.js',
      '/storage.js',
    ]);
  });
});

describe('withPreloads', () => {
  it('adds one modulepreload link per module at the end of the head, and leaves a page with none alone', () => {
    const withLinks = withPreloads(page, ['/_astro/Quiz.js', '/_astro/store.js']);
    expect(withLinks).toContain(
      '<link rel="stylesheet" href="/_astro/quiz.css"><link rel="modulepreload" href="/_astro/Quiz.js">' +
        '<link rel="modulepreload" href="/_astro/store.js"></head>',
    );
    expect(withPreloads(page, [])).toBe(page);
  });
});
