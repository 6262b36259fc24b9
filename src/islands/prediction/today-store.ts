import { atom } from 'nanostores';
import { predictionApi } from '../../lib/api/endpoints.ts';
import type { TodayPlan, TodayTopic } from '../../lib/api/prediction.ts';
import type { TopicPracticeChoice } from '../quiz/quiz-paper.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';

/** The Today card on home and /profile. */
export type TodayState = LoadState<TodayPlan>;

/**
 * The day's work (GET /api/v1/prediction/today): the days to the exam, the reviews due and the topics to
 * practise; and "Practise", which opens /test on a practice of the topic, as /profile's topic mastery does.
 */
export function createTodayStore() {
  const $state = atom<TodayState>({ status: 'loading' });

  /** Loads the day's work (again after the plan is saved, keeping the card on screen meanwhile). */
  async function load() {
    if ($state.get().status !== 'ready') $state.set({ status: 'loading' });
    const result = await environment().call(predictionApi.today);
    if (!result.ok && $state.get().status === 'ready') return;
    $state.set(loadedFrom(result));
  }

  /** Practise a proposed topic: its questions on /test. */
  function practise(topic: TodayTopic) {
    const topicPractice: TopicPracticeChoice = {
      subject: { slug: topic.subject.slug, title: topic.subject.title },
      topic: topic.topic,
    };
    environment().navigate('/test', { topicPractice });
  }

  return { $state, load, practise };
}
