/** A downloaded paper's summary, as the offline store keeps it, for the offline island tests. */

import type { PaperSummary } from '../../src/islands/offline/offline-papers.ts';

/** WAEC Mathematics 2019, downloaded by student-1: two questions, half an hour, usable for a month. */
export const paperSummary = (overrides: Partial<PaperSummary> = {}): PaperSummary => ({
  owner: 'student-1',
  paperId: 'paper-1',
  version: 'v1',
  examType: { _id: 'waec', title: 'WAEC' },
  subject: { _id: 'maths', title: 'Mathematics' },
  year: { _id: 'y2019', title: '2019' },
  duration: 30,
  questions: 2,
  bytes: 100,
  downloadedAt: '2026-01-01T00:00:00.000Z',
  usableUntil: '2026-02-01T00:00:00.000Z',
  ...overrides,
});
