/**
 * The Astro integration that writes a Brotli (.br) and a gzip (.gz) copy beside each built text file (pages,
 * scripts, styles, SVG, the worker) after `astro build`, at the highest levels: too slow to spend on every
 * request, cheap once per release. Caddy's file_server sends the copy the browser accepts (deploy/Caddyfile,
 * `precompressed`), a sixth smaller than what it compresses itself on the fly. Runs after the service
 * worker's integration, so that /sw.js has its copies too.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';

/** Files worth compressing: text. Fonts, pictures and archives are compressed already. */
const TEXT_FILE = /\.(html|js|mjs|css|svg|json|webmanifest|xml|txt)$/;
/** Below this a compressed copy saves less than its own response headers cost. */
const SMALLEST = 1024;

/** The compressed copies of one file's content, each only when it is smaller than the content. */
export function compressedCopies(content: Buffer): { extension: '.br' | '.gz'; body: Buffer }[] {
  if (content.length < SMALLEST) return [];
  const copies = [
    {
      extension: '.br' as const,
      body: brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    },
    { extension: '.gz' as const, body: gzipSync(content, { level: 9 }) },
  ];
  return copies.filter((copy) => copy.body.length < content.length);
}

/** The integration, for astro.config.mjs (after serviceWorker()). */
export function precompress(): AstroIntegration {
  return {
    name: 'exam-practice:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const files = (await readdir(client, { recursive: true })).filter((file) => TEXT_FILE.test(file));
        let before = 0;
        let after = 0;
        for (const file of files) {
          const content = await readFile(join(client, file));
          const copies = compressedCopies(content);
          for (const copy of copies) await writeFile(join(client, `${file}${copy.extension}`), copy.body);
          before += content.length;
          after += copies.find((copy) => copy.extension === '.br')?.body.length ?? content.length;
        }
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
        logger.info(`${files.length} text files: ${kb(before)}, ${kb(after)} in Brotli`);
      },
    },
  };
}
