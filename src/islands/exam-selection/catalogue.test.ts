import { describe, expect, it } from 'vitest';
import { subject, year } from '../../../tests/support/catalogue-fixture.ts';
import {
  cardImage,
  displayTitle,
  EXAM_IMAGES,
  examTypeFromState,
  imageLoading,
  PLACEHOLDER_IMAGE,
  paperChoiceFromState,
  quickPicks,
  rotatingImage,
  subjectsForExamType,
  toChoice,
  yearsFor,
} from './catalogue.ts';
import { GENERAL_SUBJECT_IMAGES } from './subject-pictures.ts';

describe('subjectsForExamType', () => {
  it('keeps only the subjects whose examType list includes the exam type, in their order', () => {
    const subjects = [
      subject('maths', 'Mathematics', ['waec', 'jamb']),
      subject('lit', 'Literature', ['jamb']),
      subject('eng', 'English', ['waec']),
      subject('none', 'Orphan', []),
    ];
    expect(subjectsForExamType(subjects, 'waec').map((item) => item._id)).toEqual(['maths', 'eng']);
    expect(subjectsForExamType(subjects, 'ielts')).toEqual([]);
  });
});

describe('yearsFor', () => {
  it('keeps the years of both the exam type and the subject, newest first', () => {
    const years = [
      year('y2019', '2019', ['waec'], ['maths', 'eng']),
      year('y2020', '2020', ['waec', 'jamb'], ['physics']),
      year('y2021', '2021', ['waec', 'neco'], ['maths']),
      year('y2022', '2022', ['jamb'], ['maths']),
    ];
    expect(yearsFor(years, 'waec', 'maths').map((item) => item.title)).toEqual(['2021', '2019']);
    expect(yearsFor(years, 'jamb', 'maths').map((item) => item.title)).toEqual(['2022']);
    expect(yearsFor(years, 'waec', 'chemistry')).toEqual([]);
  });

  it('does not reorder the list it was given', () => {
    const years = [year('a', '2019', ['x'], ['s']), year('b', '2021', ['x'], ['s'])];
    yearsFor(years, 'x', 's');
    expect(years.map((item) => item._id)).toEqual(['a', 'b']);
  });
});

describe('card images', () => {
  it('goes round the default set by index', () => {
    const set = ['a.svg', 'b.svg', 'c.svg', 'd.svg'];
    expect([0, 1, 2, 3, 4, 5, 9].map((index) => rotatingImage(set, index))).toEqual([
      'a.svg',
      'b.svg',
      'c.svg',
      'd.svg',
      'a.svg',
      'b.svg',
      'b.svg',
    ]);
  });

  it("uses the item's own image, a default when it has none, and the placeholder after a failed load", () => {
    const own = { image: { url: 'https://cdn.example.com/waec.png' } };
    expect(cardImage(own, 0, GENERAL_SUBJECT_IMAGES)).toBe('https://cdn.example.com/waec.png');
    expect(cardImage({ image: null }, 1, GENERAL_SUBJECT_IMAGES)).toBe(GENERAL_SUBJECT_IMAGES[1]);
    expect(cardImage({ image: { url: '  ' } }, 0, EXAM_IMAGES)).toBe(EXAM_IMAGES[0]);
    expect(cardImage({ image: null }, EXAM_IMAGES.length, EXAM_IMAGES)).toBe(EXAM_IMAGES[0]);
    expect(cardImage(own, 0, GENERAL_SUBJECT_IMAGES, true)).toBe(PLACEHOLDER_IMAGE);
  });

  it('has at least four distinct default images of each kind', () => {
    expect(new Set(GENERAL_SUBJECT_IMAGES).size).toBeGreaterThanOrEqual(4);
    expect(new Set(EXAM_IMAGES).size).toBeGreaterThanOrEqual(4);
  });

  it('loads the first row at once and the rest lazily', () => {
    expect([0, 3, 4, 10].map(imageLoading)).toEqual(['eager', 'eager', 'lazy', 'lazy']);
  });
});

describe('titles and quick picks', () => {
  it('shows the title, or the name of a subject without one', () => {
    expect(displayTitle({ title: 'Physics' })).toBe('Physics');
    expect(displayTitle({ title: null, name: 'Civic Education' })).toBe('Civic Education');
    expect(displayTitle({ title: '', name: 'Commerce' })).toBe('Commerce');
  });

  it('finds ENGLISH, GENERAL KNOWLEDGE and MATHEMATICS by title, ignoring case, in that order', () => {
    const subjects = [
      subject('maths', 'Mathematics', []),
      subject('phy', 'Physics', []),
      subject('gk', null, [], 'General Knowledge'),
      subject('eng', 'english', []),
    ];
    expect(quickPicks(subjects).map((pick) => [pick.label, pick.subject._id])).toEqual([
      ['ENGLISH', 'eng'],
      ['GENERAL KNOWLEDGE', 'gk'],
      ['MATHEMATICS', 'maths'],
    ]);
  });

  it('leaves out a quick pick whose subject is not listed', () => {
    expect(quickPicks([subject('eng', 'English', [])]).map((pick) => pick.label)).toEqual(['ENGLISH']);
  });
});

describe('navigation state', () => {
  it('passes on the id and the title', () => {
    expect(toChoice({ _id: 'w', title: 'WAEC', image: null } as never)).toEqual({ _id: 'w', title: 'WAEC' });
    expect(toChoice(subject('gk', null, ['w'], 'General Knowledge'))).toEqual({
      _id: 'gk',
      title: 'General Knowledge',
    });
    expect(toChoice(year('y', '2021', [], []))).toEqual({ _id: 'y', title: '2021' });
  });

  it('reads the exam type for /subjects, or nothing when the state lacks it', () => {
    const examType = { _id: 'w', title: 'WAEC' };
    expect(examTypeFromState({ examType })).toEqual(examType);
    expect(examTypeFromState({ examType: { ...examType, extra: 1 } })).toEqual(examType);
    for (const state of [
      undefined,
      null,
      'WAEC',
      {},
      { examType: { title: 'WAEC' } },
      { examType: { _id: '' } },
    ]) {
      expect(examTypeFromState(state)).toBeUndefined();
    }
  });

  it('reads the exam type and subject for /select-year, or nothing when either is missing', () => {
    const examType = { _id: 'w', title: 'WAEC' };
    const subjectChoice = { _id: 'm', title: 'Mathematics' };
    expect(paperChoiceFromState({ examType, subject: subjectChoice })).toEqual({
      examType,
      subject: subjectChoice,
    });
    expect(paperChoiceFromState({ examType })).toBeUndefined();
    expect(paperChoiceFromState({ subject: subjectChoice })).toBeUndefined();
    expect(paperChoiceFromState(undefined)).toBeUndefined();
  });
});
