import pino, { type Logger } from 'pino';

/** One warn- or error-level entry a test logger kept. */
export interface LogEntry {
  level: 'warn' | 'error' | 'fatal';
  msg: string;
  /** The message of the error the entry carries, if any: tests may match on it too. */
  error?: string;
  /** The entry for a failure message: its message, its error's, and its other fields (no stack). */
  line: string;
}

/** Entries every test logger of this test file kept and no test has expected yet. */
const recorded: LogEntry[] = [];
/** What the running test said it expects (or, outside a test, what the whole file expects). */
const expectations: { pattern: RegExp; level?: LogEntry['level']; matched: number }[] = [];
const fileExpectations: { pattern: RegExp; level?: LogEntry['level'] }[] = [];
let inTest = false;

const LEVELS: Record<number, LogEntry['level']> = { 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * A pino logger that keeps every warn-, error- and fatal-level entry for the setup file's check
 * (tests/support/fail-on-unexpected-logs.ts): an entry no test expected fails the test that was running.
 * Info and debug entries are dropped, as the silent logger did.
 */
export function testLogger(): Logger {
  return pino(
    { level: 'warn' },
    {
      write(line: string) {
        const { level, msg, err, time, pid, hostname, ...fields } = JSON.parse(line) as {
          level: number;
          msg?: string;
          err?: { type?: string; message?: string };
          [field: string]: unknown;
        };
        const cause = err ? ` (${err.type ?? 'Error'}: ${err.message ?? ''})` : '';
        const rest = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
        recorded.push({
          level: LEVELS[level] ?? 'fatal',
          msg: msg ?? '',
          error: err?.message,
          line: `"${msg ?? ''}"${cause}${rest}`,
        });
      },
    },
  );
}

/**
 * Says that the running test causes warn- or error-level entries whose message (or whose error's message)
 * matches `pattern`: they are consumed instead of failing the test, and the test fails if none comes.
 * Called outside a test (at the top of a file, in `beforeAll`), it covers every test of the file and
 * requires nothing.
 */
export function expectLogs(pattern: RegExp | string, options: { level?: LogEntry['level'] } = {}) {
  const regex = typeof pattern === 'string' ? new RegExp(escapeRegExp(pattern)) : pattern;
  if (inTest) expectations.push({ pattern: regex, level: options.level, matched: 0 });
  else fileExpectations.push({ pattern: regex, level: options.level });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matches(entry: LogEntry, expectation: { pattern: RegExp; level?: LogEntry['level'] }): boolean {
  if (expectation.level && expectation.level !== entry.level) return false;
  return (
    expectation.pattern.test(entry.msg) ||
    (entry.error !== undefined && expectation.pattern.test(entry.error))
  );
}

/** Called by the setup file before each test: the test's own expectations start empty. */
export function startTestLogs() {
  inTest = true;
  expectations.length = 0;
}

/**
 * Consumes the expected entries and returns the problems: entries nobody expected (logged by this test, or
 * by work that an earlier test or a `beforeAll` left running), and the test's expectations that matched
 * nothing. Clears the record, so each entry fails one check only.
 */
export function takeLogProblems(): string[] {
  inTest = false;
  const unexpected: LogEntry[] = [];
  for (const entry of recorded.splice(0)) {
    const own = expectations.find((expectation) => matches(entry, expectation));
    if (own) own.matched += 1;
    else if (!fileExpectations.some((expectation) => matches(entry, expectation))) unexpected.push(entry);
  }
  const problems = unexpected.map((entry) => `Unexpected ${entry.level} log: ${entry.line}`);
  for (const expectation of expectations.splice(0)) {
    if (expectation.matched === 0) problems.push(`Expected a log matching ${expectation.pattern}; none came`);
  }
  return problems;
}

/**
 * Called by the setup file after a file's last test: the file's expectations end with it. Test files may
 * share a worker and its modules (vitest.config.ts), so one file's `expectLogs` must not cover the next.
 */
export function endFileLogs(): string[] {
  const problems = takeLogProblems();
  fileExpectations.length = 0;
  return problems;
}
