import { describe, expect, it } from 'vitest';
import { failed, fakeApi, success, testEnvironment } from '../../../tests/support/store-environment.ts';
import { masteryApi, predictionApi, reviewApi, utmeApi } from '../../lib/api/endpoints.ts';
import type { ExamPlan, TodayPlan, UtmePrediction } from '../../lib/api/prediction.ts';
import type { UtmeCatalogue } from '../../lib/api/utme.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { quizRequestFromState } from '../quiz/quiz-paper.ts';
import { PLAN_SAVED } from './exam-plan.ts';
import { $planSaves, createExamPlanStore } from './exam-plan-store.ts';
import { showHomeDay } from './home-today.ts';
import { createPredictionStore } from './prediction-store.ts';
import { createTodayStore } from './today-store.ts';

// The prediction's stores against a stand-in API and navigation.

const OFFLINE = 'We could not reach the server.';
const english = { _id: 'e', slug: 'english', title: 'Use of English' };
const prediction: UtmePrediction = {
  subjects: [{ subject: english, answers: 12, score: null, answersNeeded: 28 }],
  total: null,
  chosenFrom: 'none',
  calibratedAt: null,
};

const subjectId = (n: number) => `7b0f0c6e-3a52-4d3b-9a44-0d3c1d5e6f0${n}`;
const choice = (n: number, title: string) => ({ _id: subjectId(n), title, questions: 80, available: true });
const catalogue: UtmeCatalogue = {
  english: { ...english, questions: 120, available: true },
  electives: [choice(1, 'Biology'), choice(2, 'Chemistry'), choice(3, 'Physics'), choice(4, 'Mathematics')],
  open: null,
};
const savedPlan: ExamPlan = { examDate: '2027-04-24', subjects: [subjectId(1), subjectId(2), subjectId(3)] };

describe('the prediction store', () => {
  it('shows a failure with its reason until Retry loads the prediction', async () => {
    const answers: ApiResult<UtmePrediction>[] = [failed(OFFLINE, 0), success(prediction)];
    testEnvironment({
      call: fakeApi().on(predictionApi.prediction, () => answers.shift() ?? failed('none', 0)).call,
    });
    const store = createPredictionStore();
    expect(store.$state.get()).toEqual({ status: 'loading' });
    await store.load();
    expect(store.$state.get()).toEqual({ status: 'failed', message: OFFLINE });
    await store.load();
    expect(store.$state.get()).toEqual({ status: 'ready', data: prediction });
  });

  it('keeps the prediction on screen when a reload after a save fails', async () => {
    const answers: ApiResult<UtmePrediction>[] = [success(prediction), failed(OFFLINE, 0)];
    testEnvironment({
      call: fakeApi().on(predictionApi.prediction, () => answers.shift() ?? failed('none', 0)).call,
    });
    const store = createPredictionStore();
    await store.load();
    const reload = store.load();
    expect(store.$state.get()).toEqual({ status: 'ready', data: prediction });
    await reload;
    expect(store.$state.get()).toEqual({ status: 'ready', data: prediction });
  });
});

const today: TodayPlan = {
  examDate: '2027-04-24',
  daysLeft: 30,
  reviewsDue: 2,
  topics: [{ subject: { _id: 'p', slug: 'physics', title: 'Physics' }, topic: 'Optics', pointsAtStake: 6 }],
};

describe('the Today store', () => {
  it('loads the day and opens /test on a practice of a proposed topic, in state the quiz reads as one', async () => {
    const browser = testEnvironment({ call: fakeApi().on(predictionApi.today, () => success(today)).call });
    const store = createTodayStore();
    await store.load();
    expect(store.$state.get()).toEqual({ status: 'ready', data: today });
    store.practise(today.topics[0] as TodayPlan['topics'][number]);
    expect(browser.navigations).toEqual([
      {
        path: '/test',
        state: { topicPractice: { subject: { slug: 'physics', title: 'Physics' }, topic: 'Optics' } },
      },
    ]);
    expect(quizRequestFromState('exam', browser.navigations[0]?.state)).toMatchObject({
      binding: masteryApi.topic,
      query: { subject: 'physics', topic: 'Optics' },
    });
  });
});

/** Just enough of home's markup for showHomeDay, without a DOM: each part by its data attribute. */
function fakeHome() {
  const parts = new Map<string, { textContent: string; hidden: boolean; replaceChildren: () => void }>();
  const part = (selector: string) => {
    if (!parts.has(selector))
      parts.set(selector, { textContent: '', hidden: true, replaceChildren: () => {} });
    return parts.get(selector);
  };
  const card = { hidden: true, querySelector: part } as unknown as HTMLElement;
  const reminderText = { textContent: '' };
  const reminder = { hidden: true, querySelector: () => reminderText } as unknown as HTMLElement;
  return { card, reminder, reminderText, part };
}

describe('home’s day', () => {
  it('shows the Today card instead of the reminder once the student has an exam date', async () => {
    const api = fakeApi().on(predictionApi.today, () => success({ ...today, topics: [] }));
    testEnvironment({ call: api.call });
    const home = fakeHome();
    await showHomeDay(home.card, home.reminder);
    expect(home.card.hidden).toBe(false);
    expect(home.reminder.hidden).toBe(true);
    expect(home.part('[data-today-days]')?.textContent).toBe('30 days to your exam');
    expect(home.part('[data-today-reviews]')?.textContent).toBe('You have 2 questions to review today.');
    expect(home.part('[data-today-review-link]')?.textContent).toBe('Review your mistakes (2 due)');
    // The deck's counts are not asked for: the card says the reviews already.
    expect(api.calls.map((made) => made.binding)).toEqual([predictionApi.today]);
  });

  it('keeps the reminder without an exam date, and when the day cannot be read', async () => {
    for (const answer of [success({ ...today, examDate: null, daysLeft: null }), failed(OFFLINE, 0)]) {
      const api = fakeApi()
        .on(predictionApi.today, () => answer)
        .on(reviewApi.due, () =>
          success({ questions: [], counts: { dueNow: 2, dueLaterToday: 0, waiting: 0, nextDue: null } }),
        );
      testEnvironment({ call: api.call });
      const home = fakeHome();
      await showHomeDay(home.card, home.reminder);
      expect(home.card.hidden).toBe(true);
      expect(home.reminder.hidden).toBe(false);
      expect(home.reminderText.textContent).toBe('You have 2 questions to review today.');
    }
  });
});

function planApi(put: (body: unknown) => ApiResult<ExamPlan> = (body) => success(body as ExamPlan)) {
  return fakeApi()
    .on(predictionApi.plan, () => success(savedPlan))
    .on(utmeApi.subjects, () => success(catalogue))
    .on(predictionApi.setPlan, (input) => put(input.body));
}

async function readyPlanStore(api = planApi()) {
  const browser = testEnvironment({ call: api.call, now: () => Date.parse('2026-03-10T09:00:00.000Z') });
  const store = createExamPlanStore();
  await store.load();
  return { store, browser, api };
}

describe('the exam plan store', () => {
  it('loads the plan into the form and the /utme picker’s subjects to choose from', async () => {
    const { store } = await readyPlanStore();
    expect(store.$state.get()).toEqual({ status: 'ready', data: catalogue.electives });
    expect(store.$values.get()).toEqual({ examDate: '2027-04-24', subjects: savedPlan.subjects });
    expect(store.dateBounds()).toEqual({ min: '2026-03-10', max: '2028-03-09' });
  });

  it('says why the plan did not load when either call fails', async () => {
    const api = fakeApi()
      .on(predictionApi.plan, () => success(savedPlan))
      .on(utmeApi.subjects, () => failed(OFFLINE, 0));
    testEnvironment({ call: api.call });
    const store = createExamPlanStore();
    await store.load();
    expect(store.$state.get()).toEqual({ status: 'failed', message: OFFLINE });
  });

  it('refuses a fourth subject with the reason, and sends nothing while the choice is incomplete', async () => {
    const { store, api } = await readyPlanStore();
    store.toggle(catalogue.electives[3] as UtmeCatalogue['electives'][number]);
    expect(store.$refusal.get()).toBe(
      'You have chosen 3 subjects already. Untick one to choose Mathematics.',
    );
    store.toggle(catalogue.electives[0] as UtmeCatalogue['electives'][number]);
    expect(store.$refusal.get()).toBeUndefined();
    await store.submit();
    expect(store.$errors.get()).toEqual({ subjects: 'Choose exactly 3 subjects besides Use of English' });
    expect(api.calls.filter((made) => made.binding === predictionApi.setPlan)).toEqual([]);
  });

  it('saves a cleared date as none, says so, and tells the panel and the card to read again', async () => {
    const { store, browser, api } = await readyPlanStore();
    const saves = $planSaves.get();
    store.clearDate();
    await store.submit();
    expect(api.calls.at(-1)).toEqual({
      binding: predictionApi.setPlan,
      input: { body: { examDate: null, subjects: savedPlan.subjects }, quiet: true },
    });
    expect(browser.toasts).toEqual([{ message: PLAN_SAVED, kind: 'success' }]);
    expect($planSaves.get()).toBe(saves + 1);
    expect(store.$values.get().examDate).toBe('');
  });

  it('puts the server’s refusal of a date beside the date, and reports any other failure', async () => {
    const refusals: ApiResult<ExamPlan>[] = [
      {
        ok: false,
        status: 400,
        message: 'The exam date must be today or later',
        errors: [{ path: ['examDate'], message: 'The exam date must be today or later' }],
      },
      failed('Something went wrong', 500),
    ];
    const { store, browser } = await readyPlanStore(planApi(() => refusals.shift() ?? failed('none', 0)));
    const saves = $planSaves.get();
    await store.submit();
    expect(store.$errors.get()).toEqual({ examDate: 'The exam date must be today or later' });
    expect(browser.toasts).toEqual([]);
    await store.submit();
    expect(browser.toasts).toEqual([{ message: 'Something went wrong', kind: 'error' }]);
    expect($planSaves.get()).toBe(saves);
  });
});
