import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A passage that several questions are about belongs in their `passage` field (docs/question-bank.md): the
// quiz folds it, the review shows it once, and the UTME draw keeps its questions together. Copied into each
// question's text instead, it does none of that, so the sample bank is checked for such copies.

interface BankQuestion {
  id: string;
  passage?: string;
  question?: string;
}

/** Shared text at least this long is a passage, not a common instruction such as "Choose the option...". */
const SHARED_RUN = 200;

/** The visible text of an HTML field, tags as spaces, white space collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Every `SHARED_RUN`-character run of the text that starts a word. */
function runsOf(text: string): Set<string> {
  const runs = new Set<string>();
  for (let start = 0; start + SHARED_RUN <= text.length; start += 1) {
    if (start === 0 || text[start - 1] === ' ') runs.add(text.slice(start, start + SHARED_RUN));
  }
  return runs;
}

/** The problems of one paper: question texts that share a long run, and a passage's questions apart. */
function passageProblems(file: string, questions: readonly BankQuestion[]): string[] {
  const problems: string[] = [];
  const firstWith = new Map<string, string>();
  const reported = new Set<string>();
  for (const { id, question = '' } of questions) {
    for (const run of runsOf(textOf(question))) {
      const other = firstWith.get(run);
      if (other === undefined) firstWith.set(run, id);
      else if (!reported.has(`${other} ${id}`)) {
        reported.add(`${other} ${id}`);
        problems.push(
          `${file}: ${other} and ${id} both contain "${run.slice(0, 50)}...": put it in "passage"`,
        );
      }
    }
  }
  const lastAt = new Map<string, number>();
  questions.forEach(({ id, passage }, index) => {
    if (passage === undefined || passage === '') return;
    const last = lastAt.get(passage);
    if (last !== undefined && last !== index - 1) {
      problems.push(`${file}: ${id} shares its passage with a question that is not just before it`);
    }
    lastAt.set(passage, index);
  });
  return problems;
}

const BANK = fileURLToPath(new URL('../../content/bank/', import.meta.url));

describe('passages in the sample bank', () => {
  const passage = `<p>${'Every market day, Mama Chinedu arrived at Ogbete Market before dawn. '.repeat(4)}</p>`;

  it('the check finds a passage copied into several questions, and accepts one in "passage"', () => {
    expect(
      passageProblems('p.json', [
        { id: 'q1', question: `<p><em>Read the passage.</em></p>${passage}<p>Who arrived?</p>` },
        { id: 'q2', question: 'A question of its own.' },
        { id: 'q3', question: `${passage.replace('Mama', '<strong>Mama</strong>')}<p>When?</p>` },
      ]),
    ).toEqual([
      `p.json: q1 and q3 both contain "Every market day, Mama Chinedu arrived at Ogbete M...": put it in "passage"`,
    ]);
    expect(
      passageProblems('p.json', [
        { id: 'q1', passage, question: 'Who arrived?' },
        { id: 'q2', passage, question: 'When?' },
        { id: 'q3', question: 'A question of its own.' },
      ]),
    ).toEqual([]);
    expect(
      passageProblems('p.json', [
        { id: 'q1', passage, question: 'Who arrived?' },
        { id: 'q2', question: 'A question of its own.' },
        { id: 'q3', passage, question: 'When?' },
      ]),
    ).toEqual(['p.json: q3 shares its passage with a question that is not just before it']);
  });

  it('has no passage copied into question texts, and keeps the questions of a passage together', () => {
    const files = readdirSync(BANK, { recursive: true, encoding: 'utf8' }).filter((path) =>
      path.endsWith('.json'),
    );
    expect(files.length).toBeGreaterThanOrEqual(70);
    const problems = files.flatMap((file) => {
      const paper = JSON.parse(readFileSync(join(BANK, file), 'utf8')) as { questions: BankQuestion[] };
      return passageProblems(file, paper.questions);
    });
    expect(problems).toEqual([]);
  });
});
