import { useStore } from '@nanostores/preact';
import { useEffect, useId, useState } from 'preact/compat';
import { UTME } from '../../lib/api/utme.ts';
import { TextField } from '../shared/fields.tsx';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { useForm } from '../shared/use-form.ts';
import { createExamPlanStore, type ExamPlanStore } from './exam-plan-store.ts';
import '../utme/picker.css';
import './prediction.css';
import { ChoiceStatus, EnglishChoice } from '../utme/SubjectChoices.tsx';

/**
 * The exam plan form (docs/prediction.md, "On the screens"): the exam date and the three subjects besides
 * Use of English, which the predicted score and the Today card are built on. `headingLevel` fits it under
 * the page's headings: its own section on /profile, inside the prediction panel on /utme.
 */
export function ExamPlanForm({ headingId, headingLevel = 2 }: { headingId?: string; headingLevel?: 2 | 3 }) {
  const [store] = useState(() => createExamPlanStore());
  const state = useStore(store.$state);
  const ownId = useId();
  const titleId = headingId ?? `${ownId}-heading`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <section className="exam-plan" aria-labelledby={titleId} aria-busy={state.status === 'loading'}>
      <Heading id={titleId}>Your exam plan</Heading>
      {state.status === 'loading' && <Loading label="Loading your exam plan" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => void store.load()} />}
      {state.status === 'ready' && <PlanFields store={store} />}
    </section>
  );
}

function PlanFields({ store }: { store: ExamPlanStore }) {
  const form = useForm(store);
  const state = useStore(store.$state);
  const refusal = useStore(store.$refusal);
  const id = useId();
  const subjectsError = form.error('subjects');
  const { min, max } = store.dateBounds();
  const electives = state.status === 'ready' ? state.data : [];
  const chosen = form.values.subjects;

  return (
    <form className="card exam-plan-form" noValidate onSubmit={form.onSubmit}>
      <p className="hint">
        Your predicted score is for the subjects you choose here, and the Today card sizes each day’s work to
        the days left before your exam.
      </p>
      <TextField label="Exam date" type="date" min={min} max={max} {...form.bind('examDate')} />
      {form.values.examDate !== '' && (
        <button
          type="button"
          className="link-button exam-plan-clear"
          onClick={(event) => {
            store.clearDate();
            // The button goes once the date is empty: the focus moves to the field rather than get lost.
            const field = event.currentTarget.form?.elements.namedItem('examDate');
            if (field instanceof HTMLInputElement) field.focus();
          }}
        >
          Clear the date
        </button>
      )}
      <p className="hint">Leave the date empty if you do not know it yet.</p>
      <fieldset
        className="picker-fieldset exam-plan-subjects"
        aria-invalid={subjectsError ? true : undefined}
        aria-describedby={subjectsError ? `${id}-subjects-error` : undefined}
      >
        <legend>The subjects you will sit in the UTME: {UTME.englishTitle} and three more</legend>
        <ul className="plain-list picker-list">
          <EnglishChoice id={id} />
          {electives.map((subject) => {
            const inputId = `${id}-${subject._id}`;
            const checked = chosen.includes(subject._id);
            return (
              <li key={subject._id} className="picker-choice">
                <input
                  id={inputId}
                  type="checkbox"
                  name="subjects"
                  value={subject._id}
                  checked={checked}
                  // Still focusable once three are chosen, so that ticking a fourth can say why it is refused.
                  aria-disabled={chosen.length >= UTME.electives && !checked ? true : undefined}
                  onChange={() => store.toggle(subject)}
                />
                <label htmlFor={inputId}>{subject.title}</label>
              </li>
            );
          })}
        </ul>
        {subjectsError && (
          <p className="field-error" id={`${id}-subjects-error`} role="alert">
            {subjectsError}
          </p>
        )}
      </fieldset>
      <ChoiceStatus chosen={chosen.length} refusal={refusal} />
      <button type="submit" className="button exam-plan-save" disabled={form.submitDisabled}>
        {form.busy ? 'Saving...' : 'Save my plan'}
      </button>
    </form>
  );
}
