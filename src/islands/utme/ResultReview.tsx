import { useStore } from '@nanostores/preact';
import { useId } from 'preact/compat';
import type { UtmeSectionResult } from '../../lib/api/utme.ts';
import { ReviewList } from '../results/ReviewList.tsx';
import type { createResultStore } from './result-store.ts';
import { SubjectTabs } from './SubjectTabs.tsx';

/**
 * The review of a mock, one tab per subject: each question with its passage, the student's answer, the
 * right one and the explanation, as /review-answers shows a paper. Every panel is in the page (hidden but
 * the open one), so each tab names a panel that exists.
 */
export function ResultReview({
  store,
  sections,
}: {
  store: ReturnType<typeof createResultStore>;
  sections: UtmeSectionResult[];
}) {
  const current = useStore(store.$section);
  const id = useId();
  const tabId = (index: number) => `${id}-tab-${index}`;

  /** Opens the next subject from the end of a panel, and puts focus on its tab as the arrow keys do. */
  function open(index: number) {
    store.showSection(index);
    document.getElementById(tabId(index))?.focus();
  }

  return (
    <section className="review utme-review" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Review by subject</h2>
      <SubjectTabs
        keys={sections.map((section) => section.subject._id)}
        selected={current}
        onSelect={store.showSection}
        tabId={tabId}
        panelId={(index) => `${id}-panel-${index}`}
        className="utme-tabs"
        tabClassName="utme-tab"
        renderTab={(index) => (
          <>
            {sections[index]?.subject.title}
            <span className="utme-tab-score">
              {sections[index]?.score}/{sections[index]?.maxScore}
            </span>
          </>
        )}
      />
      {sections.map((section, index) => (
        <div
          key={section.subject._id}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={tabId(index)}
          hidden={index !== current}
          className="utme-panel"
        >
          {section.quizAnswers.length === 0 ? (
            <p className="card review-empty">This subject has no questions to review.</p>
          ) : (
            <ReviewList answers={section.quizAnswers} headingLevel={3} />
          )}
          {index + 1 < sections.length && (
            <button type="button" className="button button-outline" onClick={() => open(index + 1)}>
              Next subject: {sections[index + 1]?.subject.title}
            </button>
          )}
        </div>
      ))}
    </section>
  );
}
