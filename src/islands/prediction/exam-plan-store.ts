import { atom } from 'nanostores';
import { predictionApi, utmeApi } from '../../lib/api/endpoints.ts';
import type { ExamPlan } from '../../lib/api/prediction.ts';
import type { UtmeSubjectChoice } from '../../lib/api/utme.ts';
import { createFormStore, type SubmitOutcome } from '../../lib/client/form-store.ts';
import { environment } from '../shared/environment.ts';
import type { LoadState } from '../shared/load-state.ts';
import {
  type ExamPlanValues,
  examDateBounds,
  examPlanFormSchema,
  PLAN_SAVED,
  togglePlanSubject,
} from './exam-plan.ts';

/** The subjects the form offers besides Use of English: the /utme picker's list. */
export type ExamPlanState = LoadState<UtmeSubjectChoice[]>;

/**
 * How many times the plan was saved on this page: the prediction panel and the Today card read their data
 * again when it changes, wherever on the page the form is.
 */
export const $planSaves = atom(0);

/**
 * The exam plan form (/profile, and /utme's prediction panel): the exam date, which may be cleared, and the
 * three subjects besides Use of English, checked with the API's schema and saved with PUT /prediction/plan.
 */
export function createExamPlanStore() {
  const $state = atom<ExamPlanState>({ status: 'loading' });
  /** Why the last tick was refused, for the live region under the subjects. */
  const $refusal = atom<string | undefined>(undefined);
  const initial: ExamPlanValues = { examDate: '', subjects: [] };
  const form = createFormStore({
    schema: examPlanFormSchema,
    initial,
    async send(plan): Promise<SubmitOutcome> {
      const { call, reportFailure, showToast } = environment();
      // Quiet: the form says in its own words that the plan is saved.
      const result = await call(predictionApi.setPlan, { body: plan, quiet: true });
      if (!result.ok) {
        const fieldErrors = form.fieldErrorsOf(result);
        if (fieldErrors) return { fieldErrors };
        reportFailure(result);
        return undefined;
      }
      adopt(result.data);
      showToast(PLAN_SAVED, 'success');
      $planSaves.set($planSaves.get() + 1);
      return undefined;
    },
  });

  /** Puts a saved plan in the form: only subjects the list offers, so that none is ticked out of sight. */
  function adopt(plan: ExamPlan) {
    const state = $state.get();
    const offered = state.status === 'ready' ? state.data.map((subject) => subject._id) : plan.subjects;
    form.setField('examDate', plan.examDate ?? '');
    form.setField(
      'subjects',
      plan.subjects.filter((id) => offered.includes(id)),
    );
  }

  /** Loads (or, for Retry, reloads) the student's plan and the subjects to choose from. */
  async function load() {
    $state.set({ status: 'loading' });
    const { call } = environment();
    const [plan, catalogue] = await Promise.all([call(predictionApi.plan), call(utmeApi.subjects)]);
    if (!plan.ok || !catalogue.ok) {
      $state.set({ status: 'failed', message: (plan.ok ? catalogue : plan).message });
      return;
    }
    $state.set({ status: 'ready', data: catalogue.data.electives });
    adopt(plan.data);
  }

  /** Ticks or unticks a subject; a fourth is refused, and the live region says why. */
  function toggle(subject: UtmeSubjectChoice) {
    const outcome = togglePlanSubject(form.$values.get().subjects, subject);
    form.setField('subjects', outcome.subjects);
    $refusal.set(outcome.refused);
  }

  /** Empties the date: a student who does not know it yet keeps their subjects. */
  function clearDate() {
    form.setField('examDate', '');
  }

  /** The days the date picker offers, from the environment's clock. */
  function dateBounds() {
    return examDateBounds(environment().now());
  }

  return { ...form, $state, $refusal, load, toggle, clearDate, dateBounds };
}

export type ExamPlanStore = ReturnType<typeof createExamPlanStore>;
