import { describe, expect, it } from 'vitest';
import {
  type PaperTarget,
  planChanges,
  type StoredBank,
  type StoredOption,
  type StoredQuestion,
} from './import-plan.ts';
import type { NormalizedPaper, NormalizedQuestion } from './types.ts';

const PAPER_ID = 'paper-1';
const text = (value: string) => ({ html: `<p>${value}</p>`, source: value });

function question(key: string, change: Partial<NormalizedQuestion> = {}): NormalizedQuestion {
  return {
    key,
    passage: text(''),
    question: text(`What is ${key}?`),
    questionType: 'text',
    fileUrl: null,
    topic: null,
    topicLocation: { file: 'maths.json', line: 1 },
    explanation: text(''),
    options: ['A', 'B', 'C', 'D'].map((letter) => ({
      option: text(`${key} ${letter}`),
      optionType: 'text',
      fileUrl: null,
    })),
    answer: 1,
    location: { file: 'maths.json', line: 1 },
    ...change,
  };
}

function paper(questions: NormalizedQuestion[]): NormalizedPaper {
  return {
    examType: { slug: 'waec', title: 'WAEC', imageUrl: undefined },
    subject: { slug: 'maths', title: 'Mathematics', imageUrl: undefined },
    year: 2020,
    duration: undefined,
    questions,
    location: { file: 'maths.json' },
  };
}

const existing = (questions: NormalizedQuestion[], changed = false): PaperTarget => ({
  paper: paper(questions),
  id: PAPER_ID,
  isNew: false,
  changed,
});

/** The database as an earlier import of these questions, in this order, left it. */
function storedAs(questions: NormalizedQuestion[]): StoredBank {
  const stored: StoredBank = { questions: new Map(), options: new Map(), papers: new Map() };
  stored.papers.set(
    PAPER_ID,
    questions.map((item, position) => ({ key: item.key, position })),
  );
  questions.forEach((item, position) => {
    const row: StoredQuestion = {
      id: `id-${item.key}`,
      key: item.key,
      paperId: PAPER_ID,
      position,
      passageHtml: item.passage.html,
      passageSource: item.passage.source,
      questionHtml: item.question.html,
      questionSource: item.question.source,
      questionType: item.questionType,
      fileUrl: item.fileUrl,
      topic: item.topic,
      explanationHtml: item.explanation.html,
      explanationSource: item.explanation.source,
    };
    stored.questions.set(item.key, row);
    stored.options.set(
      row.id,
      item.options.map(
        (option, index): StoredOption => ({
          id: `${row.id}-option-${index}`,
          questionId: row.id,
          position: index,
          optionHtml: option.option.html,
          optionSource: option.option.source,
          optionType: option.optionType,
          fileUrl: option.fileUrl,
          isCorrect: index === item.answer,
        }),
      ),
    );
  });
  return stored;
}

describe('planChanges', () => {
  it('plans nothing for a paper whose questions are all stored as they are', () => {
    const questions = [question('q1'), question('q2')];
    const plan = planChanges([existing(questions)], storedAs(questions));
    expect(plan.inserts).toEqual([]);
    expect(plan.updates).toEqual([]);
    expect(plan.questions).toEqual({ added: 0, updated: 0, unchanged: 2 });
    expect(plan.papers).toEqual({ added: 0, updated: 0, unchanged: 1 });
    expect(plan.notes).toEqual([]);
  });

  it('plans one update, options included, when one option text changed', () => {
    const before = [question('q1'), question('q2')];
    const edited = question('q2');
    edited.options[2] = { option: text('corrected'), optionType: 'text', fileUrl: null };
    const plan = planChanges([existing([question('q1'), edited])], storedAs(before));
    expect(plan.inserts).toEqual([]);
    expect(plan.updates).toHaveLength(1);
    const [update] = plan.updates;
    expect(update?.id).toBe('id-q2');
    expect(update?.options?.[2]).toMatchObject({ position: 2, optionHtml: '<p>corrected</p>' });
    expect(update?.stored).toHaveLength(4);
    expect(plan.questions).toEqual({ added: 0, updated: 1, unchanged: 1 });
    expect(plan.papers).toEqual({ added: 0, updated: 1, unchanged: 0 });
  });

  it('rewrites a question whose text changed but leaves its matching options alone', () => {
    const plan = planChanges([existing([question('q1', { topic: 'Algebra' })])], storedAs([question('q1')]));
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]?.row.topic).toBe('Algebra');
    expect(plan.updates[0]?.options).toBeNull();
  });

  it('updates the options when only the right answer moved', () => {
    const plan = planChanges([existing([question('q1', { answer: 3 })])], storedAs([question('q1')]));
    expect(plan.updates[0]?.options?.map((option) => option.isCorrect)).toEqual([false, false, false, true]);
  });

  it('plans an insert, with its options and right answer, for a question not stored yet', () => {
    const stored = [question('q1')];
    const plan = planChanges([existing([question('q1'), question('q2')])], storedAs(stored));
    expect(plan.updates).toEqual([]);
    expect(plan.inserts).toHaveLength(1);
    const [insert] = plan.inserts;
    expect(insert?.key).toBe('q2');
    expect(insert?.row).toMatchObject({ paperId: PAPER_ID, position: 1, questionHtml: '<p>What is q2?</p>' });
    expect(insert?.options.map((option) => option.isCorrect)).toEqual([false, true, false, false]);
    expect(plan.questions).toEqual({ added: 1, updated: 0, unchanged: 1 });
    expect(plan.papers).toEqual({ added: 0, updated: 1, unchanged: 0 });
  });

  it('never deletes the stored questions a file leaves out: keeps their places and appends new ones', () => {
    const stored = [question('q1'), question('q2'), question('q3')];
    const plan = planChanges([existing([question('q2'), question('q4')])], storedAs(stored));
    expect(Object.keys(plan).sort()).toEqual(['inserts', 'notes', 'papers', 'questions', 'updates']);
    expect(plan.updates).toEqual([]);
    expect(plan.inserts.map((insert) => [insert.key, insert.row.position])).toEqual([['q4', 3]]);
    expect(plan.notes).toEqual([
      'WAEC Mathematics 2020 keeps 2 stored question(s) that this import does not list; an import never deletes questions.',
    ]);
  });

  it('takes the order of a file that lists every stored question of the paper', () => {
    const plan = planChanges(
      [existing([question('q2'), question('q1')])],
      storedAs([question('q1'), question('q2')]),
    );
    expect(plan.updates.map((update) => [update.id, update.row.position, update.options])).toEqual([
      ['id-q2', 0, null],
      ['id-q1', 1, null],
    ]);
    expect(plan.notes).toEqual([]);
  });

  it('counts a new paper as added and a paper with a changed duration as updated', () => {
    const fresh: PaperTarget = { paper: paper([question('n1')]), id: 'paper-2', isNew: true, changed: true };
    const questions = [question('q1')];
    const plan = planChanges([fresh, existing(questions, true)], storedAs(questions));
    expect(plan.papers).toEqual({ added: 1, updated: 1, unchanged: 0 });
    expect(plan.inserts.map((insert) => [insert.key, insert.row.paperId, insert.row.position])).toEqual([
      ['n1', 'paper-2', 0],
    ]);
    expect(plan.questions).toEqual({ added: 1, updated: 0, unchanged: 1 });
  });
});
