/**
 * The Astro integration that writes /sw.js after `astro build`: workbox-build lists the built files with a
 * hash of each, shell.ts keeps the ones stored at install, and esbuild bundles worker.ts (Workbox's modules
 * included) with that list in place of `self.__WB_MANIFEST`. Nothing is written under `astro dev`, whose
 * pages register no worker.
 */
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { getManifest } from 'workbox-build';
import { precacheEntries } from './shell.ts';

/** Where the worker is served from: the site's root, so that its scope is every page. */
export const WORKER_FILE = 'sw.js';

/** The service worker integration, for astro.config.mjs. */
export function serviceWorker(): AstroIntegration {
  return {
    name: 'exam-practice:service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const { manifestEntries, count, size, warnings } = await getManifest({
          globDirectory: client,
          globPatterns: ['**/*.{html,js,css,woff2,svg}'],
          globIgnores: [WORKER_FILE, 'bank/**', 'images/**'],
          manifestTransforms: [
            async (entries) => ({
              manifest: precacheEntries(entries, (file) => readFileSync(`${client}/${file}`, 'utf8')),
              warnings: [],
            }),
          ],
        });
        for (const warning of warnings) logger.warn(warning);
        const outfile = fileURLToPath(new URL(WORKER_FILE, dir));
        await build({
          entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
          outfile,
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2020',
          legalComments: 'none',
          define: {
            // Workbox leaves out its logging and checks in production.
            'process.env.NODE_ENV': '"production"',
            'self.__WB_MANIFEST': JSON.stringify(
              manifestEntries.map(({ url, revision }) => ({ url, revision })),
            ),
          },
        });
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
        logger.info(
          `${WORKER_FILE}: ${kb((await stat(outfile)).size)}, precaching ${count} files (${kb(size)} before compression)`,
        );
      },
    },
  };
}
