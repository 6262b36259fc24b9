import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examApi } from '../../src/lib/api/endpoints.ts';
import { attempts, coinLedger, users } from '../../src/server/db/schema.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { createTestApp, examQuery, subscribedStudent } from '../support/test-app.ts';
import { testDatabaseKind } from '../support/test-database.ts';

// PGlite runs one query at a time, so races need a real PostgreSQL server: these run in the api-postgres
// project (TEST_DATABASE_URL), which CI always runs.
const t = await createTestApp();

// Races need concurrent connections, which PGlite has not: the api-postgres project only.
describe.runIf(testDatabaseKind === 'postgres')('exam races on PostgreSQL', () => {
  it('20 concurrent submissions of one attempt give one result and count the points once', async () => {
    const paper = await createPaper(t.db, { count: 4 });
    const { token, user } = await subscribedStudent(t);
    const query = examQuery(paper.ids);
    const exam = (await t.call(examApi.paper, { query, token })).json.data;
    const answers = paper.questions.map((question) => ({ question: question.id, option: question.right }));
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.call(examApi.submit, { token, body: { exam: exam._id, answers } })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    const results = new Set(responses.map((response) => JSON.stringify(response.json.data)));
    expect(results.size).toBe(1);
    const [row] = await t.db
      .select({ totalScore: users.totalScore })
      .from(users)
      .where(eq(users.id, user._id));
    expect(row?.totalScore).toBe(20);
    expect(await t.db.$count(attempts, eq(attempts.userId, user._id))).toBe(1);
  });

  it('20 concurrent lifelines against a balance that pays for 3: exactly 3 succeed', async () => {
    const paper = await createPaper(t.db, { count: 20 });
    const { token, user } = await subscribedStudent(t);
    await t.db.transaction(async (tx) => {
      const { debitCoins } = await import('../../src/server/services/coins.ts');
      await debitCoins(tx, { userId: user._id, coins: 68, description: 'Test set-up', at: t.clock.now() });
    });
    const query = examQuery(paper.ids);
    const exam = (await t.call(examApi.paper, { query, token })).json.data;
    const responses = await Promise.all(
      paper.questions.map((question, index) =>
        t.call(examApi.lifeline, {
          token,
          body: { exam: exam._id, question: question.id, kind: index % 2 ? 'skip' : 'fifty-fifty' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(17);

    const [balance] = await t.db
      .select({ coins: users.triviaPoints })
      .from(users)
      .where(eq(users.id, user._id));
    expect(balance?.coins).toBe(0);
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, user._id));
    const credits = ledger
      .filter((entry) => entry.type === 'credit')
      .reduce((sum, entry) => sum + entry.coins, 0);
    const debits = ledger
      .filter((entry) => entry.type === 'debit')
      .reduce((sum, entry) => sum + entry.coins, 0);
    expect(credits - debits).toBe(0);
    expect(ledger.filter((entry) => entry.description.includes('lifeline'))).toHaveLength(3);
  });

  it('20 concurrent fetches of one paper create one attempt', async () => {
    const paper = await createPaper(t.db, { count: 2 });
    const { token, user } = await subscribedStudent(t);
    const query = examQuery(paper.ids);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.call(examApi.paper, { query, token })),
    );
    expect(new Set(responses.map((response) => response.json.data._id)).size).toBe(1);
    expect(await t.db.$count(attempts, eq(attempts.userId, user._id))).toBe(1);
  });
});
