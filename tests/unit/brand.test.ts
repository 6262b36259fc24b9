import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { company } from '../../src/lib/company.ts';
import { parseConfig } from '../../src/server/config.ts';
import { feedbackEmail } from '../../src/server/routes/feedback/index.ts';
import { confirmationEmail, emailChangedNotice } from '../../src/server/services/account-emails.ts';
import { resetEmail } from '../../src/server/services/password-reset.ts';

// One name for the product (src/lib/company.ts): the site, the logo, the emails and the sender all say
// company.name, and no file says it another way ("Exam Practice", "ExamPrep", "ExamPrepNG", ...).

const ROOT = resolve(import.meta.dirname, '../..');
const TEXT_FILE = /\.(ts|tsx|astro|mjs|mdx|md|ya?ml|json|css|svg)$/;

function textFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return textFiles(path);
    return TEXT_FILE.test(name) ? [path] : [];
  });
}

/**
 * The ways of naming the product other than company.name. A lower-case single word ("examprep.ng",
 * "@examprepng") is an address or a handle, not a name; kebab-case identifiers ("exam-practice-auth")
 * are machine names that no one reads.
 */
function brandVariants(text: string): string[] {
  const names = [...text.matchAll(/exam\s*prep(?:\s*n\.?\s*g\b\.?)?/gi)].map(([match]) => match);
  const otherNames = names.filter(
    (match) => match.replace(/\.$/, '') !== company.name && !/^[a-z]+$/.test(match),
  );
  const oldName = [...text.matchAll(/\bexam[\s_]+practi[cs]e\b/gi)].map(([match]) => match);
  return [...otherNames, ...oldName];
}

const files = [
  ...textFiles(join(ROOT, 'src')),
  ...textFiles(join(ROOT, 'scripts')),
  join(ROOT, '.env.example'),
  join(ROOT, 'deploy/exam-practice.env.example'),
];

describe('the brand', () => {
  it('tells the variants apart from the name, addresses and handles', () => {
    expect(brandVariants('ExamPrep NG, ExamPrep NG Education Ltd., info@examprep.ng, @examprepng')).toEqual(
      [],
    );
    expect(brandVariants('exam-practice-auth')).toEqual([]);
    expect(
      brandVariants('Exam Practice, ExamPrep home, ExamPrepNG, Exam Prep NG, EXAMPREP NG, exam practice'),
    ).toEqual(['ExamPrep', 'ExamPrepNG', 'Exam Prep NG', 'EXAMPREP NG', 'Exam Practice', 'exam practice']);
  });

  it('is named one way in every source, content and configuration file', () => {
    const offenders = files.flatMap((path) =>
      brandVariants(readFileSync(path, 'utf8')).map((variant) => `${relative(ROOT, path)}: ${variant}`),
    );
    expect(offenders).toEqual([]);
  });

  it('is written out in code only in src/lib/company.ts; the rest reads company.name', () => {
    const code = files.filter((path) => /\.(ts|tsx|astro|mjs)$/.test(path) && !/\.test\.tsx?$/.test(path));
    const spelled = code
      .filter((path) => readFileSync(path, 'utf8').includes(company.name))
      .map((path) => relative(ROOT, path));
    expect(spelled).toEqual(['src/lib/company.ts']);
  });

  it('signs every email, and is the default sender', () => {
    const site = 'https://examprep.test';
    const emails = [
      confirmationEmail('sign-up', 'ada@example.com', 'token', site),
      confirmationEmail('change', 'ada@example.com', 'token', site),
      emailChangedNotice('old@example.com', 'new@example.com', site),
      resetEmail('ada@example.com', 'token', site),
      feedbackEmail(
        {
          fullname: 'Ada',
          email: 'ada@example.com',
          telephone: '08030000000',
          message: 'Hi',
          acceptTerms: true,
        },
        'info@example.com',
        new Date(0),
      ),
    ];
    for (const email of emails) expect(brandVariants(`${email.subject}\n${email.text}`)).toEqual([]);
    // The student-facing ones say whose account it is.
    for (const email of emails.slice(0, 4)) expect(email.text).toContain(company.name);
    expect(parseConfig({}).mail.from).toBe(`${company.name} <no-reply@localhost>`);
  });

  it('has a wordmark the size company.logo says', () => {
    const svg = readFileSync(join(ROOT, 'public', company.logo.src), 'utf8');
    expect(svg).toContain(`viewBox="0 0 ${company.logo.width} ${company.logo.height}"`);
  });
});
