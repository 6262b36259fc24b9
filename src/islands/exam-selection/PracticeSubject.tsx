import { useStore } from '@nanostores/preact';
import { useEffect, useState } from 'preact/compat';
import { displayTitle } from './catalogue.ts';
import { ListStatus } from './ListStatus.tsx';
import { createPracticeSubjectStore } from './practice-subject-store.ts';
import { SubjectCards } from './SubjectCards.tsx';

const TAKEN_NOTE = 'Taken today';

/**
 * /practice-subject: every subject for the daily test, with quick picks at the top (spec §2); the subjects
 * the student has taken today say so, since each opens once a day.
 */
export default function PracticeSubject() {
  const [store] = useState(createPracticeSubjectStore);
  const list = useStore(store.$list);
  const picks = useStore(store.$quickPicks);
  const failedImages = useStore(store.$failedImages);
  const taken = useStore(store.$taken);
  const takenToday = useStore(store.$takenToday);
  const takenNote = (subject: { _id: string }) => (taken.has(subject._id) ? TAKEN_NOTE : undefined);

  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <section className="selection" aria-labelledby="selection-heading">
      <h1 id="selection-heading">DAILY TEST</h1>
      <p className="selection-lead">
        Pick a subject for today's free test. Every student gets the same 10 questions, with 10 minutes to
        answer.
      </p>
      <ListStatus
        state={list}
        loadingLabel="Loading subjects"
        emptyText="No subjects are available yet. Please check back soon."
        onRetry={() => void store.load()}
      >
        {(subjects) => (
          <>
            {takenToday.length > 0 && (
              <p className="daily-taken">
                Taken today: {takenToday.map(displayTitle).join(', ')}. Each subject opens again at midnight,
                West Africa Time.
              </p>
            )}
            {picks.length > 0 && (
              <section className="quick-picks" aria-labelledby="quick-picks-heading">
                <h2 id="quick-picks-heading">Quick picks</h2>
                <ul>
                  {picks.map((pick) => (
                    <li key={pick.label}>
                      <button
                        type="button"
                        className="button button-outline"
                        onClick={() => store.choose(pick.subject)}
                      >
                        {pick.label}
                        {takenNote(pick.subject) && (
                          <span className="choice-note">
                            <span className="visually-hidden">, </span>
                            {TAKEN_NOTE}
                          </span>
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section aria-labelledby="all-subjects-heading">
              <h2 id="all-subjects-heading">All subjects</h2>
              <SubjectCards
                label="All subjects"
                subjects={subjects}
                failedImages={failedImages}
                store={store}
                note={takenNote}
              />
            </section>
          </>
        )}
      </ListStatus>
    </section>
  );
}
