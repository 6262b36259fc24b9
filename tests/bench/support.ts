// Shared by the API benchmarks: flags, statistics, the machine, the benchmark database and the report.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { createDatabase } from '../support/server-process.ts';

/** `--name value` and `--flag` arguments, by name. */
export function parseFlags(argv: string[] = process.argv.slice(2)): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (!argument.startsWith('--')) continue;
    const [name = '', inline] = argument.slice(2).split('=', 2);
    const next = argv[index + 1];
    if (inline !== undefined) flags[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      flags[name] = next;
      index += 1;
    } else flags[name] = 'true';
  }
  return flags;
}

/** A whole number from a flag, or the default. */
export function intFlag(flags: Record<string, string>, name: string, fallback: number): number {
  const value = flags[name];
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number`);
  return parsed;
}

/** The median of some numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The p-th percentile (0-100) of some numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** A number with thousands separators and at most `digits` decimals. */
export function formatNumber(value: number, digits = 0): string {
  return Number.isFinite(value)
    ? value.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';
}

/** The machine the figures come from. */
export function machine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  const memory = (totalmem() / 1024 ** 3).toFixed(1);
  // Other work on a shared machine skews the figures; the load average when a run starts shows how much.
  const [load = 0] = loadavg();
  return `${cores.length} cores (${model}), ${memory} GiB memory, Node ${process.versions.node}, ${process.platform}; load average ${load.toFixed(1)} when the run started`;
}

/** The PostgreSQL server the benchmarks create their database on when BENCH_DATABASE_URL is not set. */
export const DEFAULT_BENCH_SERVER = 'postgres://127.0.0.1:5432/test';

/**
 * The benchmark database: BENCH_DATABASE_URL as it is (kept afterwards), or a fresh database created on the
 * local PostgreSQL server and dropped at the end.
 */
export async function benchDatabase(): Promise<{ url: string; fresh: boolean; drop: () => Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, fresh: false, drop: async () => {} };
  const created = await createDatabase(process.env.BENCH_SERVER_URL ?? DEFAULT_BENCH_SERVER, 'bench');
  return { url: created.url, fresh: true, drop: created.drop };
}

/** A database URL with its password hidden, for the report. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

// BENCH_REPORT sends a trial run's section elsewhere, so that it does not replace the published figures.
const REPORT = process.env.BENCH_REPORT ?? 'docs/performance.md';
const REPORT_HEADER = `# Performance

Figures written by the benchmarks in \`tests/bench/\` (\`npm run bench\`); each run replaces its own section
and keeps the others. They are measurements on the machine named in each section, not budgets.
`;

/** Replaces (or adds) one benchmark's section of docs/performance.md, keeping every other section. */
export function writeReportSection(name: string, body: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  const current = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : REPORT_HEADER;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(REPORT, next);
}

/** A markdown table, its columns padded the way the formatter (Biome) lays them out. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(3, ...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const [head = [], ...body] = cells;
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

/** The date and time of a run, in UTC. */
export function runDate(): string {
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
