// Fails when a test file skips a test without saying why. A skip, a conditional skip (`skipIf`, `runIf`) or
// a `todo` must have a reason: a comment on the line before (or at the end of the line), or, for a skip
// called inside a test (`context.skip('why')`, Playwright's `test.skip(condition, 'why')`), a non-empty
// reason string. `.only` is biome's to refuse (noFocusedTests). Run by `npm run lint`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TEST_FILE = /\.(test|spec)\.(ts|tsx|js|mjs)$/;
const SKIP_CALL = /\b(\w+)\.(skip|skipIf|runIf|todo|fixme)\(/g;
/** Receivers whose skip takes the test's name first: the name is not a reason. */
const DECLARES_TEST = new Set(['describe', 'it', 'test', 'suite', 'bench']);

/** The test files git knows of, committed or not, without the ignored ones. */
function testFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  return listed.split('\n').filter((path) => TEST_FILE.test(path) && !path.startsWith('node_modules/'));
}

function isComment(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.endsWith('*/');
}

/** The nearest non-blank line above `index`, or '' at the top of the file. */
function lineBefore(lines: string[], index: number): string {
  for (let at = index - 1; at >= 0; at--) {
    const line = lines[at] ?? '';
    if (line.trim() !== '') return line;
  }
  return '';
}

/**
 * Whether a skip called inside a test gives its reason as a string: `context.skip('why')`, or Playwright's
 * `test.skip(condition, 'why')`. The first string of `describe.skip('name', …)` is a name, not a reason.
 */
function hasReasonString(receiver: string, method: string, args: string): boolean {
  if (method !== 'skip') return false;
  const reason = /(['"`])[^'"`\s][^'"`]*\1/;
  if (!DECLARES_TEST.has(receiver)) return reason.test(args);
  const conditionFirst = receiver === 'test' && /^\s*[^'"`\s)]/.test(args);
  return conditionFirst && reason.test(args.slice(args.indexOf(',') + 1));
}

/** The places in one file's text where a skip has no reason, as `path:line: text`. */
export function unexplainedSkips(path: string, text: string): string[] {
  const lines = text.split('\n');
  const problems: string[] = [];
  lines.forEach((line, index) => {
    if (isComment(line)) return;
    for (const match of line.matchAll(SKIP_CALL)) {
      const [call, receiver = '', method = ''] = match;
      const args = line.slice((match.index ?? 0) + call.length);
      const explained =
        isComment(lineBefore(lines, index)) ||
        /\/\/\s*\S/.test(args) ||
        hasReasonString(receiver, method, args);
      if (!explained) problems.push(`${path}:${index + 1}: ${line.trim()}`);
    }
  });
  return problems;
}

function main() {
  const problems = testFiles().flatMap((path) => unexplainedSkips(path, readFileSync(path, 'utf8')));
  if (problems.length > 0) {
    console.error(
      `A skipped test needs its reason, in a comment on the line before:\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
}

// Run as a script, not when a test imports the check.
if (process.argv[1]?.endsWith('check-tests.ts')) main();
