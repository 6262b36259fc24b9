import { describe, expect, it } from 'vitest';
import { unexplainedSkips } from '../../scripts/check-tests.ts';

// Test texts are built from pieces so that this file itself holds no skip for the check to read.
const skip = (receiver: string, method: string) => `${receiver}.${method}`;

describe('the check that every skip has its reason', () => {
  it('refuses a skip, a conditional skip or a todo with no comment before it', () => {
    const text = [
      "import { describe, it } from 'vitest';",
      `${skip('describe', 'skip')}('a group', () => {});`,
      `${skip('describe', 'runIf')}(onPostgres)('races', () => {});`,
      `${skip('it', 'skipIf')}(!redis)('shared limits', () => {});`,
      `${skip('it', 'todo')}('later');`,
    ].join('\n');
    expect(unexplainedSkips('a.test.ts', text)).toEqual([
      expect.stringMatching(/^a\.test\.ts:2: /),
      expect.stringMatching(/^a\.test\.ts:3: /),
      expect.stringMatching(/^a\.test\.ts:4: /),
      expect.stringMatching(/^a\.test\.ts:5: /),
    ]);
  });

  it('accepts a comment on the line before or at the end, and a reason string inside a test', () => {
    const text = [
      '// PGlite has one connection: the api-postgres project only.',
      `${skip('describe', 'runIf')}(onPostgres)('races', () => {});`,
      '/**',
      ' * Needs Redis.',
      ' */',
      `${skip('describe', 'skipIf')}(!redis)('shared', () => {});`,
      `${skip('it', 'todo')}('later'); // waits for the contest rules`,
      `  ${skip('context', 'skip')}('no browser on this machine');`,
      `${skip('test', 'skip')}(isMobile, 'the menu is desktop only');`,
    ].join('\n');
    expect(unexplainedSkips('b.test.ts', text)).toEqual([]);
  });

  it('does not take the test name for a reason, nor an empty string', () => {
    const text = [`${skip('test', 'skip')}('a name', () => {});`, `${skip('context', 'skip')}('');`].join(
      '\n',
    );
    expect(unexplainedSkips('c.test.ts', text)).toHaveLength(2);
  });
});
