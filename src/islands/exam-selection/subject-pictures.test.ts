import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Subject } from '../../lib/api/catalogue.ts';
import { PLACEHOLDER_IMAGE } from './catalogue.ts';
import { GENERAL_SUBJECT_IMAGES, subjectCardImage, subjectKey, subjectPicture } from './subject-pictures.ts';

const PUBLIC = resolve(import.meta.dirname, '../../../public');

const subject = (title: string, url?: string): Subject => ({
  _id: title,
  title,
  name: title,
  image: url ? { url } : null,
  examType: [],
});

/** Every subject title of the sample bank (content/bank/<exam>/<subject>-<year>.json). */
function bankSubjects(): string[] {
  const bank = resolve(PUBLIC, '../content/bank');
  const titles = readdirSync(bank).flatMap((exam) =>
    readdirSync(join(bank, exam)).map(
      (file) => (JSON.parse(readFileSync(join(bank, exam, file), 'utf8')) as { subject: string }).subject,
    ),
  );
  return [...new Set(titles)].sort();
}

describe("a subject's default picture", () => {
  it("is the subject's own for every subject of the sample bank, a different one each", () => {
    const titles = bankSubjects();
    expect(titles.length).toBeGreaterThanOrEqual(12);
    const pictures = titles.map((title) => subjectPicture(title));
    expect(pictures.filter((picture) => picture === undefined)).toEqual([]);
    expect(new Set(pictures).size).toBe(titles.length);
    for (const picture of pictures) expect(existsSync(join(PUBLIC, picture ?? ''))).toBe(true);
  });

  it('is named after its subject', () => {
    expect(subjectPicture('Chemistry')).toBe('/images/subjects/chemistry.svg');
    expect(subjectPicture('Civic Education')).toBe('/images/subjects/civic-education.svg');
  });

  it('is found whatever the case, spacing and other names the subject goes by', () => {
    expect(subjectKey('  GENERAL   Knowledge ')).toBe('general knowledge');
    expect(subjectPicture('Use of English')).toBe(subjectPicture('ENGLISH'));
    expect(subjectPicture('Further Mathematics')).toBe(subjectPicture('Mathematics'));
    expect(subjectPicture('Literature-in-English')).toBe(subjectPicture('Literature'));
  });

  it('is a general study picture in turn for a subject without one', () => {
    expect(subjectPicture('Yoruba')).toBeUndefined();
    expect(subjectCardImage(subject('Yoruba'), 0)).toBe(GENERAL_SUBJECT_IMAGES[0]);
    expect(subjectCardImage(subject('History'), 1)).toBe(GENERAL_SUBJECT_IMAGES[1]);
    expect(subjectCardImage(subject('Biology'), 1)).toBe('/images/subjects/biology.svg');
    for (const picture of GENERAL_SUBJECT_IMAGES) expect(existsSync(join(PUBLIC, picture))).toBe(true);
  });

  it("gives way to the subject's own image, and to the placeholder when that fails", () => {
    expect(subjectCardImage(subject('Physics', 'https://cdn.example.com/p.png'), 3)).toBe(
      'https://cdn.example.com/p.png',
    );
    expect(subjectCardImage(subject('Physics'), 3, true)).toBe(PLACEHOLDER_IMAGE);
  });
});
