import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ExamType } from '../../src/lib/api/catalogue.ts';
import { catalogueApi } from '../../src/lib/api/endpoints.ts';
import type { Paged } from '../../src/lib/api/paged.ts';
import { years } from '../../src/server/db/schema.ts';
import { parseNativeJson } from '../../src/server/services/bank/formats/native-json.ts';
import { importParsedFiles } from '../../src/server/services/bank/import.ts';
import { seedDatabase } from '../../src/server/services/seed.ts';
import { createTestApp } from '../support/test-app.ts';

const t = await createTestApp();
await seedDatabase(t.db, pino({ level: 'silent' }));

// What the sample bank holds, read from its files, to check the API against.
const bankPapers = readdirSync('content/bank').flatMap((folder) =>
  readdirSync(join('content/bank', folder)).map(
    (file) =>
      JSON.parse(readFileSync(join('content/bank', folder, file), 'utf8')) as {
        examType: string;
        subject: string;
        year: number;
      },
  ),
);
const unique = <T>(values: T[]) => [...new Set(values)];
const examTitles = unique(bankPapers.map((paper) => paper.examType)).sort();
const subjectTitles = unique(bankPapers.map((paper) => paper.subject)).sort();
const bankYears = unique(bankPapers.map((paper) => paper.year)).sort((a, b) => b - a);

/** The documents of a catalogue list's answer, which must be a success. */
function docsOf<T>(response: { status: number; json: { data: Paged<T> } }): T[] {
  expect(response.status).toBe(200);
  return response.json.data.docs;
}

const examTypeDocs = docsOf(await t.call(catalogueApi.examTypes));
const subjectDocs = docsOf(await t.call(catalogueApi.subjects));
const examTypeId = (title: string) => examTypeDocs.find((doc) => doc.title === title)?._id ?? '';
const subjectId = (title: string) => subjectDocs.find((doc) => doc.title === title)?._id ?? '';
const titlesOf = (ids: string[], docs: ExamType[]) =>
  ids.map((id) => docs.find((doc) => doc._id === id)?.title);

describe('GET /api/v1/examType', () => {
  it('lists every exam type of the bank by title, in the paged shape', async () => {
    const response = await t.call(catalogueApi.examTypes);
    expect(response.json).toMatchObject({ success: true, message: 'Exam types fetched successfully' });
    const { docs, ...paging } = response.json.data;
    expect(paging).toEqual({ totalDocs: examTitles.length, limit: 100, page: 1, totalPages: 1 });
    expect(docs.map((doc) => doc.title)).toEqual(examTitles);
    expect(examTitles).toEqual(['BECE', 'COMMON ENTRANCE', 'GCE', 'IELTS', 'JAMB', 'NECO', 'WAEC']);
    for (const doc of docs) {
      expect(Object.keys(doc).sort()).toEqual(['_id', 'image', 'title']);
      expect(doc._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(doc.image).toBeNull();
    }
  });
});

describe('GET /api/v1/subject', () => {
  it('lists every subject with the exam types that have a paper in it', async () => {
    expect(subjectDocs.map((doc) => doc.title)).toEqual(subjectTitles);
    for (const doc of subjectDocs) {
      expect(doc.name).toBe(doc.title);
      expect(doc.image).toBeNull();
      const expected = unique(
        bankPapers.filter((paper) => paper.subject === doc.title).map((paper) => paper.examType),
      ).sort();
      expect(titlesOf(doc.examType, examTypeDocs)).toEqual(expected);
    }
  });

  it('keeps only the subjects of one exam type with ?examType', async () => {
    const docs = docsOf(await t.call(catalogueApi.subjects, { query: { examType: examTypeId('IELTS') } }));
    expect(docs.map((doc) => doc.title)).toEqual(['English']);
    const waec = docsOf(await t.call(catalogueApi.subjects, { query: { examType: examTypeId('WAEC') } }));
    const expected = unique(
      bankPapers.filter((paper) => paper.examType === 'WAEC').map((paper) => paper.subject),
    ).sort();
    expect(waec.map((doc) => doc.title)).toEqual(expected);
    expect(waec.every((doc) => doc.examType.includes(examTypeId('WAEC')))).toBe(true);
  });

  it('pages the list', async () => {
    const response = await t.call(catalogueApi.subjects, { query: { limit: 5, page: 2 } });
    expect(response.json.data).toMatchObject({ totalDocs: 12, limit: 5, page: 2, totalPages: 3 });
    expect(response.json.data.docs.map((doc) => doc.title)).toEqual(subjectTitles.slice(5, 10));
    const past = await t.call(catalogueApi.subjects, { query: { limit: 5, page: 4 } });
    expect(past.json.data).toMatchObject({ docs: [], totalDocs: 12, page: 4 });
  });

  it('answers an empty list for an exam type id that does not exist', async () => {
    const response = await t.call(catalogueApi.subjects, {
      query: { examType: '00000000-0000-4000-8000-000000000000' },
    });
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual({ docs: [], totalDocs: 0, limit: 100, page: 1, totalPages: 1 });
  });
});

describe('GET /api/v1/year', () => {
  it('lists the years that have a paper, newest first, with their exam types and subjects', async () => {
    await t.db.insert(years).values({ year: 1999, title: '1999' });
    const docs = docsOf(await t.call(catalogueApi.years));
    expect(docs.map((doc) => Number(doc.title))).toEqual(bankYears);
    for (const doc of docs) {
      const inYear = bankPapers.filter((paper) => paper.year === Number(doc.title));
      expect(titlesOf(doc.examType, examTypeDocs)).toEqual(
        unique(inYear.map((paper) => paper.examType)).sort(),
      );
      expect(titlesOf(doc.subject, subjectDocs)).toEqual(unique(inYear.map((paper) => paper.subject)).sort());
    }
  });

  it('keeps only the years of a paper of that exam type and subject', async () => {
    const waecMaths = docsOf(
      await t.call(catalogueApi.years, {
        query: { examType: examTypeId('WAEC'), subject: subjectId('Mathematics') },
      }),
    );
    expect(waecMaths.map((doc) => doc.title)).toEqual(['2021', '2019']);
    // 2020 has WAEC papers and Mathematics papers, but no WAEC Mathematics paper.
    const year2020 = docsOf(await t.call(catalogueApi.years)).find((doc) => doc.title === '2020');
    expect(year2020?.examType).toContain(examTypeId('WAEC'));
    expect(year2020?.subject).toContain(subjectId('Mathematics'));
    const ielts = docsOf(await t.call(catalogueApi.years, { query: { examType: examTypeId('IELTS') } }));
    expect(ielts.map((doc) => doc.title)).toEqual(['2024', '2023']);
    const physics = docsOf(await t.call(catalogueApi.years, { query: { subject: subjectId('Physics') } }));
    const physicsYears = unique(
      bankPapers.filter((paper) => paper.subject === 'Physics').map((paper) => paper.year),
    );
    expect(physics.map((doc) => Number(doc.title))).toEqual(physicsYears.sort((a, b) => b - a));
    expect(physicsYears.length).toBeLessThan(bankYears.length);
  });

  it('pages the list', async () => {
    const response = await t.call(catalogueApi.years, { query: { limit: 2, page: 3 } });
    expect(response.json.data).toMatchObject({
      totalDocs: bankYears.length,
      limit: 2,
      page: 3,
      totalPages: 3,
    });
    expect(response.json.data.docs.map((doc) => Number(doc.title))).toEqual(bankYears.slice(4, 6));
  });
});

describe('query validation', () => {
  it.each([
    ['/api/v1/subject?examType=waec', 'examType', 'examType must be the _id of an exam type'],
    ['/api/v1/year?subject=12', 'subject', 'subject must be the _id of a subject'],
    ['/api/v1/examType?limit=0', 'limit', 'limit must be at least 1'],
    ['/api/v1/year?limit=101', 'limit', 'limit is at most 100'],
    ['/api/v1/subject?page=0', 'page', 'page starts at 1'],
  ])('%s answers 400 with "%s: %s", not cached', async (path, field, message) => {
    const response = await t.request('GET', path);
    expect(response.status).toBe(400);
    expect(response.json.errors).toContainEqual({ path: [field], message });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBeNull();
  });
});

describe('caching', () => {
  it.each(
    [catalogueApi.examTypes, catalogueApi.subjects, catalogueApi.years].map(
      (list) => [list.path, list] as const,
    ),
  )('%s is public for 5 minutes, with a strong ETag and 304 when it matches', async (_path, list) => {
    const first = await t.call(list);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);

    const again = await t.call(list, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');
    expect(again.headers.get('content-type')).toBeNull();

    const listed = await t.call(list, { headers: { 'If-None-Match': `"other", ${etag}` } });
    expect(listed.status).toBe(304);
    const stale = await t.call(list, { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
    expect(stale.headers.get('etag')).toBe(etag);
  });

  it('gives each filter and page its own ETag, and a new one when the catalogue changes', async () => {
    const all = await t.call(catalogueApi.subjects);
    const waec = await t.call(catalogueApi.subjects, { query: { examType: examTypeId('WAEC') } });
    expect(waec.headers.get('etag')).not.toBe(all.headers.get('etag'));

    const before = await t.call(catalogueApi.examTypes);
    const paper = parseNativeJson(
      JSON.stringify({
        examType: 'SSCE Mock',
        subject: 'Agricultural Science',
        year: 2025,
        questions: [
          {
            id: 'ssce-mock-agric-2025-01',
            question: 'Which of these is a leguminous crop?',
            options: [{ option: 'Cowpea' }, { option: 'Maize' }, { option: 'Yam' }, { option: 'Cassava' }],
            answer: 'A',
          },
        ],
      }),
      'mock.json',
    );
    await importParsedFiles(t.db, [paper]);
    const after = await t.call(catalogueApi.examTypes, {
      headers: { 'If-None-Match': before.headers.get('etag') ?? '' },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(after.json.data.docs.map((doc) => doc.title)).toContain('SSCE Mock');
  });
});

describe('seeding', () => {
  it('loads the sample bank once: a second start adds nothing', async () => {
    const before = await t.call(catalogueApi.years);
    await seedDatabase(t.db, pino({ level: 'silent' }));
    const after = await t.call(catalogueApi.years);
    expect(after.text).toBe(before.text);
  });
});
