import { useStore } from '@nanostores/preact';
import { useEffect, useId, useState } from 'preact/compat';
import type { SubjectMastery, TopicMastery as Topic } from '../../lib/api/mastery.ts';
import { countOf } from '../../lib/format.ts';
import { MASTERY_LEVEL_NAMES, MASTERY_RULES } from '../../lib/mastery.ts';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { createMasteryStore, topicGroups } from './mastery-store.ts';
import './mastery.css';

/** One topic as a bar: the bar is for the eye; its share, level and count are in the text beside it. */
function TopicBar({ topic }: { topic: Topic }) {
  const share = topic.share ?? 0;
  return (
    <li className="mastery-topic">
      <span className="mastery-topic-name">{topic.topic}</span>
      <span className="mastery-topic-figure">
        {share}% · {MASTERY_LEVEL_NAMES[topic.level]}
      </span>
      <svg className="mastery-bar" aria-hidden="true" focusable="false">
        <rect className="mastery-bar-track" width="100%" height="100%" rx="4" />
        <rect
          className={`mastery-bar-fill mastery-${topic.level}`}
          width={`${share}%`}
          height="100%"
          rx="4"
        />
      </svg>
      <span className="mastery-topic-count">
        {topic.right} of {countOf(topic.answers, 'answer')} right
      </span>
    </li>
  );
}

/** Why a subject lists no weakest topic: too few answers yet, or none below the mastered share. */
function noWeakTopic(topics: Topic[]): string {
  return topics.some((topic) => topic.answers >= MASTERY_RULES.judgeFrom)
    ? `No weak topics here: every topic with ${MASTERY_RULES.judgeFrom} answers or more is at ${MASTERY_RULES.masteredShare}% or better.`
    : `Answer at least ${MASTERY_RULES.judgeFrom} questions in a topic to see your weakest topics here.`;
}

function SubjectTopics({
  subject,
  onPractise,
}: {
  subject: SubjectMastery;
  onPractise: (topic: string) => void;
}) {
  const headingId = useId();
  const { answered, notStarted } = topicGroups(subject);
  return (
    <section className="mastery-subject" aria-labelledby={headingId}>
      <h3 id={headingId}>{subject.subject.title}</h3>
      <h4>Your weakest topics</h4>
      {subject.weakest.length === 0 ? (
        <p className="hint">{noWeakTopic(answered)}</p>
      ) : (
        <ul className="mastery-weakest">
          {subject.weakest.map((topic) => (
            <li key={topic.topic}>
              <span>
                <strong>{topic.topic}</strong> {topic.share ?? 0}% right
              </span>
              <button
                type="button"
                className="button button-outline"
                aria-label={`Practise this topic: ${topic.topic}`}
                onClick={() => onPractise(topic.topic)}
              >
                Practise this topic
              </button>
            </li>
          ))}
        </ul>
      )}
      <h4>All topics</h4>
      <ul className="mastery-topics">
        {answered.map((topic) => (
          <TopicBar key={topic.topic} topic={topic} />
        ))}
      </ul>
      {notStarted.length > 0 && (
        <details className="mastery-not-started">
          <summary>{countOf(notStarted.length, 'topic')} not started yet</summary>
          <p>{notStarted.join(', ')}</p>
        </details>
      )}
    </section>
  );
}

/** /profile's "Topic mastery" (docs/learning.md): each subject's topics, levels and weakest topics. */
export function TopicMasteryView() {
  const [store] = useState(() => createMasteryStore());
  const state = useStore(store.$state);

  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <section id="topic-mastery" aria-labelledby="mastery-heading" aria-busy={state.status === 'loading'}>
      <h2 id="mastery-heading">Topic mastery</h2>
      {state.status === 'loading' && <Loading label="Loading your topics" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => void store.load()} />}
      {state.status === 'ready' && state.data.length === 0 && (
        <p className="hint">Take a paper to see your topics.</p>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <>
          <p className="hint">
            From your latest {MASTERY_RULES.window} answers in each topic. Familiar:{' '}
            {MASTERY_RULES.familiarShare}% right or more, from {MASTERY_RULES.judgeFrom} answers. Mastered:{' '}
            {MASTERY_RULES.masteredShare}% or more, from {MASTERY_RULES.masteredFrom} answers.
          </p>
          {state.data.map((subject) => (
            <SubjectTopics
              key={subject.subject._id}
              subject={subject}
              onPractise={(topic) => store.practise(subject.subject, topic)}
            />
          ))}
        </>
      )}
    </section>
  );
}
