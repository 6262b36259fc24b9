import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { parseAiken } from './formats/aiken.ts';
import { parseCsv } from './formats/csv.ts';
import { parseNativeJson } from './formats/native-json.ts';
import { parseXlsx } from './formats/xlsx.ts';
import type { ParsedFile, Problem } from './types.ts';

/** The file endings the import reads, and the format of each. */
export const FORMATS = {
  '.json': 'native JSON',
  '.csv': 'CSV (spreadsheet template)',
  '.xlsx': 'XLSX (spreadsheet template)',
  '.txt': 'Aiken',
  '.aiken': 'Aiken',
} as const;

type Extension = keyof typeof FORMATS;
const isSupported = (path: string): boolean => extname(path).toLowerCase() in FORMATS;

/** Parses one file's content by its ending. `name` is how problems name the file. */
export async function parseFile(name: string, content: Buffer): Promise<ParsedFile> {
  const extension = extname(name).toLowerCase() as Extension;
  switch (extension) {
    case '.json':
      return parseNativeJson(content.toString('utf8'), name);
    case '.csv':
      return parseCsv(content.toString('utf8'), name);
    case '.xlsx':
      return parseXlsx(content, name);
    case '.txt':
    case '.aiken':
      return parseAiken(content.toString('utf8'), name);
    default:
      return {
        file: name,
        papers: [],
        problems: [
          {
            file: name,
            message: `files ending in ${extname(name) || '(nothing)'} cannot be imported: use .json, .csv, .xlsx, .txt or .aiken`,
          },
        ],
      };
  }
}

/** A file as problems name it: relative to the working folder when it is inside it. */
function displayName(cwd: string, file: string): string {
  const inside = relative(cwd, file);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : file;
}

async function walk(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await walk(path)));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/**
 * Lists the files to import: each path is a file, or a folder read recursively. A file named directly
 * must have a supported ending; in a folder, other files (README.md, images) are skipped and listed.
 */
export async function listImportFiles(
  paths: string[],
  cwd: string,
): Promise<{ files: string[]; skipped: string[]; problems: Problem[] }> {
  const files = new Set<string>();
  const skipped: string[] = [];
  const problems: Problem[] = [];
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) {
      problems.push({ file: path, message: 'no such file or folder: check the path' });
    } else if (info.isDirectory()) {
      const inside = (await walk(absolute)).sort();
      for (const file of inside) isSupported(file) ? files.add(file) : skipped.push(relative(cwd, file));
      if (!inside.some(isSupported)) {
        problems.push({ file: path, message: 'the folder holds no .json, .csv, .xlsx, .txt or .aiken file' });
      }
    } else {
      files.add(absolute);
    }
  }
  return { files: [...files], skipped, problems };
}

/** Reads and parses the files, reporting progress after each one. */
export async function parseFiles(
  files: string[],
  cwd: string,
  onFile?: (done: number, total: number) => void,
): Promise<ParsedFile[]> {
  const parsed: ParsedFile[] = [];
  for (const [index, file] of files.entries()) {
    const name = displayName(cwd, file);
    const content = await readFile(file).catch(() => undefined);
    parsed.push(
      content === undefined
        ? {
            file: name,
            papers: [],
            problems: [{ file: name, message: 'the file cannot be read: check its permissions' }],
          }
        : await parseFile(name, content),
    );
    onFile?.(index + 1, files.length);
  }
  return parsed;
}
