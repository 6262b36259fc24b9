import { useStore } from '@nanostores/preact';
import { useEffect, useId, useState } from 'preact/compat';
import { UTME, type UtmeCatalogue } from '../../lib/api/utme.ts';
import { formatDayAndTime } from '../../lib/format.ts';
import EmailConfirmationNotice from '../auth/EmailConfirmationNotice.tsx';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { type MockAccess, mockReady, resumePath, subjectList, unavailableLine } from './picker.ts';
import { createPickerStore } from './picker-store.ts';
import './picker.css';
import { ChoiceStatus, EnglishChoice } from './SubjectChoices.tsx';

/**
 * /utme: Use of English fixed and three subjects to choose, then Start; Resume instead while a sitting is
 * unfinished; the plans for a student without a plan or trial.
 */
export default function Picker() {
  const [store] = useState(() => createPickerStore());
  const state = useStore(store.$catalogue);
  const access = useStore(store.$access);

  useEffect(() => {
    void store.load();
  }, [store]);

  if (state.status === 'loading') return <Loading label="Loading the UTME subjects" />;
  if (state.status === 'failed')
    return <LoadFailed message={state.message} onRetry={() => void store.load()} />;
  const catalogue = state.data;
  if (catalogue.open) return <OpenSitting catalogue={catalogue} />;
  if (!mockReady(catalogue)) {
    return (
      <div className="card utme-notice">
        <p>
          The mock is not ready yet: the question bank needs more JAMB questions before it can fill a sitting.
          Please check back soon.
        </p>
        <a className="button button-outline" href="/select-exam">
          Practise a past paper
        </a>
      </div>
    );
  }
  if (!access.open) return <NeedsPlan access={access} />;
  return <ChoiceForm store={store} catalogue={catalogue} />;
}

function ChoiceForm({
  store,
  catalogue,
}: {
  store: ReturnType<typeof createPickerStore>;
  catalogue: UtmeCatalogue;
}) {
  const chosen = useStore(store.$chosen);
  const refusal = useStore(store.$refusal);
  const id = useId();
  const full = chosen.length >= UTME.electives;

  return (
    <form
      className="card picker"
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        store.start();
      }}
    >
      <h2 id={`${id}-heading`}>Choose your subjects</h2>
      <fieldset className="picker-fieldset">
        <legend>Your four subjects: Use of English and three more</legend>
        <ul className="plain-list picker-list">
          <EnglishChoice id={id} />
          {catalogue.electives.map((subject) => {
            const checked = chosen.includes(subject._id);
            const inputId = `${id}-${subject._id}`;
            return (
              <li
                key={subject._id}
                className={`picker-choice${subject.available ? '' : ' picker-unavailable'}`}
              >
                <input
                  id={inputId}
                  type="checkbox"
                  checked={checked}
                  disabled={!subject.available}
                  // Still focusable once three are chosen, so that ticking a fourth can say why it is refused.
                  aria-disabled={subject.available && full && !checked ? true : undefined}
                  aria-describedby={subject.available ? undefined : `${inputId}-note`}
                  onChange={() => store.toggle(subject._id)}
                />
                <label htmlFor={inputId}>{subject.title}</label>
                {!subject.available && (
                  <span id={`${inputId}-note`} className="picker-note">
                    {unavailableLine(subject)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <ChoiceStatus chosen={chosen.length} refusal={refusal} />
      <p className="picker-clock">
        The {UTME.durationMinutes / 60}-hour clock starts when you press Start and keeps running if you leave
        the page.
      </p>
      <button type="submit" className="button picker-start">
        Start the mock
      </button>
    </form>
  );
}

function OpenSitting({ catalogue }: { catalogue: UtmeCatalogue }) {
  const id = useId();
  const open = catalogue.open;
  const path = resumePath(catalogue);
  if (!open || !path) return null;
  const ends = `${formatDayAndTime(open.endsAt)} West Africa Time`;
  const timeUp = Date.parse(open.endsAt) <= Date.now();
  return (
    <section className="card utme-notice utme-open" aria-labelledby={id}>
      <h2 id={id}>Your sitting is not finished</h2>
      <p>
        You have an unfinished sitting in {subjectList(open.subjects)},{' '}
        {timeUp ? `whose time ran out at ${ends}` : `which ends at ${ends}`}.
      </p>
      <p>
        {timeUp
          ? 'Open it to hand it in: the answers you saved in time count.'
          : 'Its clock keeps running while you are away. Finish it before you start another mock.'}
      </p>
      <a className="button" href={path}>
        Resume
      </a>
    </section>
  );
}

function NeedsPlan({ access }: { access: Extract<MockAccess, { open: false }> }) {
  const id = useId();
  return (
    <>
      {access.confirmEmail && <EmailConfirmationNotice />}
      <section className="card utme-notice utme-locked" aria-labelledby={id}>
        <h2 id={id}>The mock needs a plan</h2>
        <p>{access.reason}</p>
        <a className="button" href="/pricing">
          See plans
        </a>
      </section>
    </>
  );
}
