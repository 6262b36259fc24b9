import { atom, computed } from 'nanostores';
import type { UtmeCatalogue } from '../../lib/api/utme.ts';
import { request } from '../../lib/client/api.ts';
import { navigate } from '../../lib/client/navigation.ts';
import { $auth, loadUser } from '../../lib/client/session.ts';
import { inCatalogueOrder, incompleteChoiceLine, mockAccess, sittingPath, toggleChoice } from './picker.ts';

/** The picker's catalogue on screen. */
export type PickerState =
  | { status: 'loading' }
  | { status: 'ready'; catalogue: UtmeCatalogue }
  | { status: 'failed'; message: string };

/**
 * /utme: the subjects a mock can have and the student's unfinished sitting (GET /api/v1/exam/utme/subjects),
 * the three subjects chosen beside Use of English, and Start. `now` is the clock the plan is judged by.
 */
export function createPickerStore(now: () => Date = () => new Date()) {
  const $catalogue = atom<PickerState>({ status: 'loading' });
  const $chosen = atom<string[]>([]);
  /** Why the last tick or Start was refused, for the live region under the choices. */
  const $refusal = atom<string | undefined>(undefined);
  const $access = computed($auth, (account) => mockAccess(account, now()));
  let latest = 0;

  /** Loads (or, for Retry, reloads) the catalogue, and the account whose plan decides whether Start is offered. */
  async function load() {
    latest += 1;
    const mine = latest;
    $catalogue.set({ status: 'loading' });
    const [result] = await Promise.all([
      request<UtmeCatalogue>('GET', '/api/v1/exam/utme/subjects'),
      loadUser(),
    ]);
    if (mine !== latest) return;
    if (!result.ok) {
      $catalogue.set({ status: 'failed', message: result.message });
      return;
    }
    $catalogue.set({ status: 'ready', catalogue: result.data });
    // A reload keeps the choices that can still be made.
    const available = result.data.electives.filter((subject) => subject.available);
    $chosen.set(inCatalogueOrder($chosen.get(), available));
  }

  /** Ticks or unticks a subject; a refusal says why instead. */
  function toggle(subjectId: string) {
    const state = $catalogue.get();
    if (state.status !== 'ready') return;
    const subject = state.catalogue.electives.find((candidate) => candidate._id === subjectId);
    if (!subject) return;
    const outcome = toggleChoice($chosen.get(), subject);
    $chosen.set(outcome.chosen);
    $refusal.set(outcome.refused);
  }

  /** Start: opens the sitting with the three subjects, or says how many are still missing. */
  function start() {
    const state = $catalogue.get();
    if (state.status !== 'ready' || !$access.get().open) return;
    const chosen = inCatalogueOrder($chosen.get(), state.catalogue.electives);
    const missing = incompleteChoiceLine(chosen.length);
    if (missing) {
      $refusal.set(missing);
      return;
    }
    navigate(sittingPath(chosen));
  }

  return { $catalogue, $chosen, $refusal, $access, load, toggle, start };
}
