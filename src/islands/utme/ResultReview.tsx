import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useId, useRef } from 'react';
import type { UtmeSectionResult } from '../../lib/api/utme.ts';
import { ReviewList } from '../results/ReviewList.tsx';
import { tabForKey } from '../shared/tabs.ts';
import type { createResultStore } from './result-store.ts';

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
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function open(index: number) {
    store.showSection(index);
    tabs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const target = tabForKey(event, current, sections.length);
    if (target === undefined) return;
    event.preventDefault();
    open(target);
  }

  return (
    <section className="review utme-review" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Review by subject</h2>
      <div className="subject-tabs utme-tabs" role="tablist" aria-label="Subjects">
        {sections.map((section, index) => (
          <button
            key={section.subject._id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === current}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            className="utme-tab"
            onClick={() => store.showSection(index)}
            onKeyDown={onKeyDown}
          >
            {section.subject.title}
            <span className="utme-tab-score">
              {section.score}/{section.maxScore}
            </span>
          </button>
        ))}
      </div>
      {sections.map((section, index) => (
        <div
          key={section.subject._id}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
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
