/**
 * Home's day for a signed-in student (components/home/StudentDay.astro), in plain DOM: the Today card for a
 * student with an exam date, else the review reminder, so that home says the reviews once.
 */

import type { TodayPlan, TodayTopic } from '../../lib/api/prediction.ts';
import { showReviewReminder } from '../review-deck/home-reminder.ts';
import { createTodayStore } from './today-store.ts';
import {
  daysLeftLine,
  homeShowsTodayCard,
  practiseTopicLabel,
  reviewLinkText,
  reviewsLine,
  setDatePrompt,
  stakeLine,
  topicsIntro,
} from './today-words.ts';

/** Reads the day's work and shows the Today card, or (without an exam date, or when it fails) the reminder. */
export async function showHomeDay(card: HTMLElement, reminder: HTMLElement, store = createTodayStore()) {
  await store.load();
  const state = store.$state.get();
  if (state.status === 'ready' && homeShowsTodayCard(state.data)) {
    fillTodayCard(card, state.data, store.practise);
    card.hidden = false;
    return;
  }
  await showReviewReminder(reminder);
}

/** Writes the day's work into the card's markup, as text: nothing from the server is read as HTML. */
function fillTodayCard(card: HTMLElement, plan: TodayPlan, practise: (topic: TodayTopic) => void) {
  const part = (name: string) => card.querySelector<HTMLElement>(`[data-today-${name}]`);
  const days = daysLeftLine(plan.daysLeft);
  setText(part('days'), days ?? setDatePrompt(plan));
  const setDate = part('set-date');
  if (setDate) setDate.hidden = days !== undefined;
  setText(part('reviews'), reviewsLine(plan.reviewsDue));
  setText(part('review-link'), reviewLinkText(plan.reviewsDue));
  setText(part('topics-intro'), topicsIntro(plan));
  part('topics')?.replaceChildren(...plan.topics.map((topic) => topicItem(topic, practise)));
}

function setText(element: HTMLElement | null, text: string) {
  if (element) element.textContent = text;
}

/** One proposed topic: its name, the points at stake, and Practise, as /profile's card shows it. */
function topicItem(topic: TodayTopic, practise: (topic: TodayTopic) => void): HTMLLIElement {
  const item = document.createElement('li');
  const words = document.createElement('span');
  const name = document.createElement('strong');
  name.textContent = topic.topic;
  const stake = document.createElement('span');
  stake.className = 'today-stake';
  stake.textContent = stakeLine(topic);
  words.append(name, stake);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button-outline';
  button.textContent = 'Practise';
  button.setAttribute('aria-label', practiseTopicLabel(topic));
  button.addEventListener('click', () => practise(topic));
  item.append(words, button);
  return item;
}
