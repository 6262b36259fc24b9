import { atom } from 'nanostores';
import { masteryApi } from '../../lib/api/endpoints.ts';
import type { SubjectMastery } from '../../lib/api/mastery.ts';
import type { TopicPracticeChoice } from '../quiz/quiz-paper.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';

/** The topic mastery on /profile: the subjects practised. */
export type MasteryState = LoadState<SubjectMastery[]>;

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
export function createMasteryStore() {
  const $state = atom<MasteryState>({ status: 'loading' });

  /** Loads (or, for Retry, reloads) the student's topics. */
  async function load() {
    $state.set({ status: 'loading' });
    const result = await environment().call(masteryApi.overview);
    $state.set(loadedFrom(result.ok ? { ...result, data: result.data.subjects } : result));
  }

  /** Practise this topic: 10 of its questions on /test. */
  function practise(subject: SubjectMastery['subject'], topic: string) {
    const topicPractice: TopicPracticeChoice = {
      subject: { slug: subject.slug, title: subject.title },
      topic,
    };
    environment().navigate('/test', { topicPractice });
  }

  return { $state, load, practise };
}
