import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type BrowserRecord,
  failed,
  fakeApi,
  success,
  testEnvironment,
} from '../../../tests/support/store-environment.ts';
import { student } from '../../../tests/support/student-fixture.ts';
import { utmeApi } from '../../lib/api/endpoints.ts';
import type { User } from '../../lib/api/user.ts';
import type { UtmeCatalogue, UtmeSubjectChoice } from '../../lib/api/utme.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { $auth } from '../../lib/client/session.ts';
import { mockAccess, resumePath, toggleChoice } from './picker.ts';
import { createPickerStore } from './picker-store.ts';

// The /utme stores against a stand-in API, navigation and clock.

const NOW = new Date('2026-03-10T09:00:00.000Z');

const choice = (id: string, title: string, available = true): UtmeSubjectChoice => ({
  _id: id,
  title,
  questions: available ? 80 : 12,
  available,
});
const english = choice('english', 'Use of English');
const electives = [
  choice('biology', 'Biology'),
  choice('chemistry', 'Chemistry'),
  choice('commerce', 'Commerce', false),
  choice('maths', 'Mathematics'),
  choice('physics', 'Physics'),
];
const catalogue = (open: UtmeCatalogue['open'] = null): UtmeCatalogue => ({ english, electives, open });
const OFFLINE = 'We could not reach the server.';

const aisha = student();
type Subscription = { status: 'none' | 'trial' | 'active' | 'expired'; endsAt: string | null };
function signInWith(subscription: Subscription, user: User = aisha) {
  $auth.set({
    user,
    profile: { subscription: { planId: null, planTitle: null, ...subscription } } as never,
    isAuth: true,
  });
}
const trial: Subscription = { status: 'trial', endsAt: '2026-03-11T09:00:00.000Z' };

/** What GET /exam/utme/subjects answers next; each test sets it. */
let answer: ApiResult<UtmeCatalogue>;
let browser: BrowserRecord;
const loadUser = vi.fn(async () => undefined);

async function readyPicker() {
  answer = success(catalogue());
  const store = createPickerStore();
  await store.load();
  return store;
}

beforeEach(() => {
  signInWith(trial);
  loadUser.mockClear();
  browser = testEnvironment({
    call: fakeApi().on(utmeApi.subjects, () => answer).call,
    loadUser,
    now: () => NOW.getTime(),
  });
});

describe('the subject choice', () => {
  it('adds and removes subjects, and refuses a fourth or one without enough questions, saying why', () => {
    const [biology, chemistry, commerce, maths, physics] = electives as [
      UtmeSubjectChoice,
      UtmeSubjectChoice,
      UtmeSubjectChoice,
      UtmeSubjectChoice,
      UtmeSubjectChoice,
    ];
    expect(toggleChoice(['biology'], biology)).toEqual({ chosen: [] });
    expect(toggleChoice([], commerce)).toEqual({
      chosen: [],
      refused: 'Commerce does not have enough questions for a mock yet.',
    });
    const three = ['biology', 'chemistry', 'maths'];
    expect(toggleChoice(three, physics)).toEqual({
      chosen: three,
      refused: 'You have chosen 3 subjects already. Untick one to choose Physics.',
    });
    expect(toggleChoice(['biology', 'chemistry'], maths).chosen).toEqual(['biology', 'chemistry', 'maths']);
    expect(toggleChoice(three, chemistry).chosen).toEqual(['biology', 'maths']);
  });

  it('resumes an unfinished sitting with its three subjects besides Use of English', () => {
    const open = {
      _id: 'sitting-1',
      subjects: [english, electives[4], electives[0], electives[1]].map((subject) => ({
        _id: subject?._id ?? '',
        title: subject?.title ?? '',
      })),
      endsAt: '2026-03-10T10:30:00.000Z',
    };
    expect(resumePath(catalogue(open))).toBe('/utme/sitting?subjects=physics,biology,chemistry');
    expect(resumePath(catalogue())).toBeUndefined();
  });
});

describe('who may start a mock', () => {
  const account = (subscription: Subscription, emailVerified = true) => ({
    user: { emailVerified },
    profile: { subscription: { planId: null, planTitle: null, ...subscription } },
  });

  it('lets a student with a running trial or plan start', () => {
    expect(mockAccess(account(trial), NOW)).toEqual({ open: true });
    expect(mockAccess(account({ status: 'active', endsAt: '2026-04-01T00:00:00.000Z' }), NOW)).toEqual({
      open: true,
    });
  });

  it('sends a student without a plan, or whose trial has ended, to the plans', () => {
    expect(mockAccess(account({ status: 'none', endsAt: null }), NOW)).toEqual({
      open: false,
      reason: 'The UTME mock needs a plan or the free trial.',
      confirmEmail: false,
    });
    // Ended by the clock even though the stored status still says trial.
    expect(mockAccess(account({ status: 'trial', endsAt: '2026-03-10T08:00:00.000Z' }), NOW)).toEqual({
      open: false,
      reason: 'The UTME mock needs a plan or the free trial. Your free trial ended 10 Mar, 09:00.',
      confirmEmail: false,
    });
  });

  it('tells a student who has not confirmed the email that the trial starts then', () => {
    expect(mockAccess(account({ status: 'none', endsAt: null }, false), NOW)).toMatchObject({
      open: false,
      confirmEmail: true,
    });
  });
});

describe('the /utme picker store', () => {
  it('loads the catalogue and the account side by side', async () => {
    const store = await readyPicker();
    expect(store.$catalogue.get()).toEqual({ status: 'ready', data: catalogue() });
    expect(loadUser).toHaveBeenCalledTimes(1);
  });

  it('says why the catalogue failed, and Retry loads it', async () => {
    answer = failed(OFFLINE, 0);
    const store = createPickerStore();
    await store.load();
    expect(store.$catalogue.get()).toEqual({ status: 'failed', message: OFFLINE });

    answer = success(catalogue());
    const retry = store.load();
    expect(store.$catalogue.get()).toEqual({ status: 'loading' });
    await retry;
    expect(store.$catalogue.get().status).toBe('ready');
  });

  it('blocks a fourth subject with a reason, and a fresh tick clears the reason', async () => {
    const store = await readyPicker();
    for (const id of ['physics', 'biology', 'maths']) store.toggle(id);
    store.toggle('chemistry');
    expect(store.$chosen.get()).toEqual(['physics', 'biology', 'maths']);
    expect(store.$refusal.get()).toBe('You have chosen 3 subjects already. Untick one to choose Chemistry.');
    store.toggle('biology');
    store.toggle('chemistry');
    expect(store.$chosen.get()).toEqual(['physics', 'maths', 'chemistry']);
    expect(store.$refusal.get()).toBeUndefined();
  });

  it('starts the sitting with the three subjects in the catalogue’s order', async () => {
    const store = await readyPicker();
    for (const id of ['physics', 'biology', 'maths']) store.toggle(id);
    store.start();
    expect(browser.navigations).toEqual([{ path: '/utme/sitting?subjects=biology,maths,physics' }]);
  });

  it('says how many subjects are missing instead of starting', async () => {
    const store = await readyPicker();
    store.toggle('physics');
    store.start();
    expect(browser.navigations).toEqual([]);
    expect(store.$refusal.get()).toBe('Choose 2 more subjects to start.');
  });

  it('does not start for a student without a plan or trial', async () => {
    signInWith({ status: 'expired', endsAt: '2026-03-01T00:00:00.000Z' });
    const store = await readyPicker();
    for (const id of ['physics', 'biology', 'maths']) store.toggle(id);
    expect(store.$access.get().open).toBe(false);
    store.start();
    expect(browser.navigations).toEqual([]);
  });

  it('drops a choice the bank can no longer fill when the catalogue is loaded again', async () => {
    const store = await readyPicker();
    store.toggle('physics');
    store.toggle('maths');
    answer = success({
      ...catalogue(),
      electives: electives.map((subject) => ({ ...subject, available: subject._id !== 'maths' })),
    });
    await store.load();
    expect(store.$chosen.get()).toEqual(['physics']);
  });
});
