import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedCopies } from './precompress.ts';

describe('compressedCopies', () => {
  it('gives a Brotli and a gzip copy of a text file, each smaller and each the same content unpacked', () => {
    const page = Buffer.from(
      Array.from({ length: 200 }, (_, n) => `<li class="option">Option ${n}</li>`).join('\n'),
    );
    const copies = compressedCopies(page);
    expect(copies.map((copy) => copy.extension)).toEqual(['.br', '.gz']);
    const [brotli, gzip] = copies;
    expect(brotliDecompressSync(brotli?.body ?? Buffer.alloc(0)).equals(page)).toBe(true);
    expect(gunzipSync(gzip?.body ?? Buffer.alloc(0)).equals(page)).toBe(true);
    for (const copy of copies) expect(copy.body.length).toBeLessThan(page.length / 4);
  });

  it('leaves small files and files that compression would not shrink as they are', () => {
    expect(compressedCopies(Buffer.from('body{margin:0}'.repeat(40)))).toEqual([]);
    expect(compressedCopies(randomBytes(8192))).toEqual([]);
  });
});
