import { expect, test } from './fixtures.ts';

// The quiz's first question on a slow link waits for every module the quiz imports. The build names them all
// in the page's head (src/build/island-preloads.ts), so that none is found one level of imports at a time.
// Checked here on the page and the files the server sends, with a plain reading of `import … from "./x.js"`.

/** The static imports of one built module (rolldown writes `import{…}from"./x.js"` and `import"./x.js"`). */
function staticImportsOf(code: string, path: string): string[] {
  return [...code.matchAll(/import\s*(?:[\w$*{},\s]*from\s*)?"(\.\/[^"]+\.js)"/g)].map(
    (match) => new URL(match[1] ?? '', `https://site${path}`).pathname,
  );
}

test('the quiz page names in its head every module its island imports, at every depth', async ({
  request,
}) => {
  const html = await (await request.get('/test')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const preloaded = new Set(
    [...head.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]),
  );
  const island = /<astro-island[^>]*component-url="([^"]+)"[^>]*renderer-url="([^"]+)"/.exec(html);
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]);
  expect(island, 'the quiz island').not.toBeNull();
  const [, component = '', renderer = ''] = island ?? [];
  expect(preloaded).toContain(component);
  expect(preloaded).toContain(renderer);

  const missing: string[] = [];
  for (const path of [...preloaded, ...scripts]) {
    if (!path) continue;
    const code = await (await request.get(path)).text();
    for (const imported of staticImportsOf(code, path)) {
      if (!preloaded.has(imported)) missing.push(`${imported} (imported by ${path})`);
    }
  }
  expect(missing).toEqual([]);
  expect(preloaded.size).toBeGreaterThan(10);
});
