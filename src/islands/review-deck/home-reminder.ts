/** The home page's review reminder (components/home/ReviewReminder.astro): filled in once the count is read. */

import { createDueCountStore } from './due-count-store.ts';
import { reminderLine } from './review-deck.ts';

/** Reads the deck's counts and, when questions are due now, shows the reminder with their number. */
export async function showReviewReminder(reminder: HTMLElement, store = createDueCountStore()) {
  const counts = await store.load();
  const line = counts && reminderLine(counts);
  const text = reminder.querySelector('[data-review-reminder-text]');
  if (!line || !text) return;
  text.textContent = line;
  reminder.hidden = false;
}
