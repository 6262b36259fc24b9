import { describe, expect, it } from 'vitest';
import { examApi, userApi } from '../../src/lib/api/endpoints.ts';
import { subscriptions } from '../../src/server/db/schema.ts';
import { DEFAULT_PLANS, upsertPlan } from '../../src/server/services/payments/plans.ts';
import { createPaper } from '../support/bank-fixture.ts';
import { createTestApp, queueWeeklyBehindMonthly, signUpStudent } from '../support/test-app.ts';

// What a student is shown about their access: the plan or trial and when it ends (GET /user's profile),
// and which daily-test subjects are closed for today (GET /exam/daily/taken).

const DAY = 86_400_000;
const t = await createTestApp();
for (const plan of DEFAULT_PLANS) await upsertPlan(t.db, plan);

async function subscriptionOf(token: string) {
  const me = await t.call(userApi.current, { token });
  expect(me.status, me.text).toBe(200);
  return me.json.data.profile.subscription;
}

async function grantPlan(userId: string, planId: string, days: number) {
  await t.db.insert(subscriptions).values({
    userId,
    source: 'paystack',
    planId,
    reference: `ref-${crypto.randomUUID()}`,
    startsAt: t.clock.now(),
    endsAt: new Date(t.clock.now().getTime() + days * DAY),
  });
}

describe('GET /api/v1/user: the plan or trial', () => {
  it('names no plan during the free trial, and says when the trial ends', async () => {
    const { token } = await signUpStudent(t);
    expect(await subscriptionOf(token)).toEqual({
      status: 'trial',
      planId: null,
      planTitle: null,
      endsAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
    });
  });

  it("gives a bought plan's title as /pricing shows it, with its end", async () => {
    const { token, user } = await signUpStudent(t);
    await grantPlan(user._id, 'monthly', 30);
    expect(await subscriptionOf(token)).toEqual({
      status: 'active',
      planId: 'monthly',
      planTitle: 'Monthly',
      endsAt: new Date(t.clock.now().getTime() + 30 * DAY).toISOString(),
    });
  });

  it('names the plan running now when a plan bought on top of it waits for it to end', async () => {
    const { token, user } = await signUpStudent(t);
    // A Monthly plan, then a Weekly one bought before it ended: the purchase queues it after the Monthly.
    const start = await queueWeeklyBehindMonthly(t, user._id);
    expect(await subscriptionOf(token)).toEqual({
      status: 'active',
      planId: 'weekly',
      planTitle: 'Weekly',
      endsAt: new Date(start + 37 * DAY).toISOString(),
      current: {
        planId: 'monthly',
        planTitle: 'Monthly',
        endsAt: new Date(start + 30 * DAY).toISOString(),
        plansAfter: 1,
      },
    });
  });

  it('keeps the id of a plan that has since been removed, with no title', async () => {
    const { token, user } = await signUpStudent(t);
    await grantPlan(user._id, 'retired-plan', 3);
    expect(await subscriptionOf(token)).toMatchObject({
      status: 'active',
      planId: 'retired-plan',
      planTitle: null,
    });
  });
});

const maths = await createPaper(t.db, { count: 3, subjectTitle: 'Mathematics' });
const english = await createPaper(t.db, { count: 3, subjectTitle: 'English' });

async function takenOf(token: string) {
  const response = await t.call(examApi.dailyTaken, { token });
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return response.json.data;
}

async function submitDaily(token: string, subject: string) {
  const started = await t.call(examApi.daily, { query: { subject }, token });
  expect(started.status, started.text).toBe(200);
  const submitted = await t.call(examApi.submitDaily, { token, body: { subject } });
  expect(submitted.status, submitted.text).toBe(200);
}

describe('GET /api/v1/exam/daily/taken', () => {
  it('lists the subjects submitted today, not one only opened, and empties at midnight West Africa Time', async () => {
    const started = t.clock.now();
    t.clock.set(new Date('2026-03-02T21:00:00Z'));
    try {
      const { token } = await signUpStudent(t);
      expect(await takenOf(token)).toEqual({ day: '2026-03-02', subjects: [] });

      await submitDaily(token, maths.ids.subject);
      // Opened but not submitted: it can still be finished, so it is not closed.
      await t.call(examApi.daily, { query: { subject: english.ids.subject }, token });
      expect(await takenOf(token)).toEqual({ day: '2026-03-02', subjects: [maths.ids.subject] });

      // 23:00 UTC is midnight in Lagos.
      t.clock.set(new Date('2026-03-02T23:00:00Z'));
      expect(await takenOf(token)).toEqual({ day: '2026-03-03', subjects: [] });
    } finally {
      t.clock.set(started);
    }
  });

  it("shows a student their own tests, never another student's", async () => {
    const first = await signUpStudent(t);
    const second = await signUpStudent(t);
    await submitDaily(first.token, english.ids.subject);
    expect((await takenOf(second.token)).subjects).toEqual([]);
    expect((await takenOf(first.token)).subjects).toEqual([english.ids.subject]);
  });

  it('answers 401 without a session', async () => {
    const response = await t.call(examApi.dailyTaken);
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ success: false });
  });
});
