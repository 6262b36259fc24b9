import { afterEach, beforeEach, vi } from 'vitest';

// A console.error that a test did not expect is a bug the test would otherwise hide.
let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console.error: ${unexpected.map((args) => args.join(' ')).join('\n')}`);
  }
});
