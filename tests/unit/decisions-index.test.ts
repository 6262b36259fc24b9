import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/ holds one record per decision and an index: a record the index forgets, a gap in the
// numbers or a record without its date, status or sections would leave a newcomer's question unanswered.

const FOLDER = resolve(import.meta.dirname, '../../docs/decisions');
const RECORD = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const SECTIONS = ['Context', 'Decision', 'Consequences'];

/** The numbered records, in order, without the template. */
function records(): { file: string; number: number; text: string }[] {
  return readdirSync(FOLDER)
    .flatMap((file) => {
      const match = RECORD.exec(file);
      if (!match || file.startsWith('000-')) return [];
      return [{ file, number: Number(match[1]), text: readFileSync(join(FOLDER, file), 'utf8') }];
    })
    .sort((a, b) => a.number - b.number);
}

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

describe('the decision records', () => {
  const all = records();

  it('are numbered 001, 002, … with no gap', () => {
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((record) => record.number)).toEqual(all.map((_, index) => index + 1));
  });

  it('each have a row in the index', () => {
    const index = readFileSync(join(FOLDER, 'README.md'), 'utf8');
    const missing = all.filter((record) => !index.includes(`](${record.file})`)).map((record) => record.file);
    expect(missing).toEqual([]);
  });

  it('each carry a title, a valid date, a status and the three sections', () => {
    const numbers = new Set(all.map((record) => record.number));
    for (const { file, text } of all) {
      expect(text, file).toMatch(/^# \S/);
      const date = /^Date: (\S+)$/m.exec(text)?.[1] ?? '';
      expect(isCalendarDate(date), `${file}: Date "${date}"`).toBe(true);
      const status = /^Status: (accepted|superseded by (\d{3}))$/m.exec(text);
      expect(status, `${file}: Status`).not.toBeNull();
      if (status?.[2]) expect(numbers.has(Number(status[2])), `${file}: ${status[0]}`).toBe(true);
      for (const section of SECTIONS) {
        expect(text, `${file}: ## ${section}`).toMatch(new RegExp(`^## ${section}\\n\\n\\S`, 'm'));
      }
    }
  });
});
