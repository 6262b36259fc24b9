import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTEST_RULES } from '../../src/lib/api/contest.ts';

// The contest rules are written once (CONTEST_RULES); the contest page and the Instructions page render them,
// and docs/contests.md quotes them: a rule changed in the code and not in the doc fails here.

describe('the contest rules', () => {
  it('are quoted word for word in docs/contests.md', () => {
    const doc = readFileSync('docs/contests.md', 'utf8');
    const quoted = CONTEST_RULES.filter((rule) => doc.includes(`- ${rule}\n`));
    expect(quoted).toEqual([...CONTEST_RULES]);
  });

  it('are shown on the Instructions page', () => {
    const page = readFileSync('src/content/pages/instructions.mdx', 'utf8');
    expect(page).toMatch(/<ContestRules \/>/);
  });
});
