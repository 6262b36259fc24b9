import { atom } from 'nanostores';
import type { MasteryOverview, SubjectMastery } from '../../lib/api/mastery.ts';
import { type ApiResult, request } from '../../lib/client/api.ts';
import { navigate } from '../../lib/client/navigation.ts';
import type { TopicPracticeChoice } from '../quiz/exam.ts';

/** The topic mastery on /profile. */
export type MasteryState =
  | { status: 'loading' }
  | { status: 'ready'; subjects: SubjectMastery[] }
  | { status: 'failed'; message: string };

export interface MasteryDeps {
  load: () => Promise<ApiResult<MasteryOverview>>;
  navigate: (path: string, state: { topicPractice: TopicPracticeChoice }) => void;
}

const browserDeps: MasteryDeps = {
  load: () => request<MasteryOverview>('GET', '/api/v1/mastery'),
  navigate: (path, state) => navigate(path, state),
};

/** A subject's topics split for the screen: the ones answered (as bars) and the ones not started yet. */
export function topicGroups(subject: SubjectMastery) {
  return {
    answered: subject.topics.filter((topic) => topic.answers > 0),
    notStarted: subject.topics.filter((topic) => topic.answers === 0).map((topic) => topic.topic),
  };
}

/**
 * /profile's "Topic mastery": the share and level of each topic of each subject practised, and "Practise
 * this topic", which opens /test on a practice of that topic (the quiz starts it, as it starts a paper).
 */
export function createMasteryStore(deps: MasteryDeps = browserDeps) {
  const $state = atom<MasteryState>({ status: 'loading' });

  /** Loads (or, for Retry, reloads) the student's topics. */
  async function load() {
    $state.set({ status: 'loading' });
    const result = await deps.load();
    $state.set(
      result.ok
        ? { status: 'ready', subjects: result.data.subjects }
        : { status: 'failed', message: result.message },
    );
  }

  /** Practise this topic: 10 of its questions on /test. */
  function practise(subject: SubjectMastery['subject'], topic: string) {
    deps.navigate('/test', {
      topicPractice: { subject: { slug: subject.slug, title: subject.title }, topic },
    });
  }

  return { $state, load, practise };
}
