import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { endFileLogs, startTestLogs, takeLogProblems } from './logs.ts';

// An error or a warning that a test did not expect is a bug the test would otherwise hide: a console.error
// or console.warn, or a warn- or error-level entry of a test app's logger (tests/support/logs.ts). Hooks in
// a setup file run first before a test and last after it, so this check sees what the test's own
// afterEach hooks log too.
const CONSOLE_LEVELS = ['error', 'warn'] as const;
// Kept before any test fakes the timers: a test that leaves fake timers on must not stall the check.
const nextTurn = globalThis.setImmediate;
let unexpectedConsole: string[] = [];

beforeEach(() => {
  unexpectedConsole = [];
  startTestLogs();
  for (const level of CONSOLE_LEVELS) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpectedConsole.push(`Unexpected console.${level}: ${args.join(' ')}`);
    });
  }
});

afterEach(async () => {
  for (const level of CONSOLE_LEVELS) vi.mocked(console[level]).mockRestore();
  // Work a route left running after its answer (a mail sent in the background) logs a moment later.
  await new Promise((resolve) => nextTurn(resolve));
  failOn([...unexpectedConsole, ...takeLogProblems()]);
});

// What work logs after the file's last test (or in a file whose tests never ran) fails the file.
afterAll(() => failOn(endFileLogs()));

function failOn(problems: string[]) {
  if (problems.length > 0) throw new Error(problems.join('\n'));
}
