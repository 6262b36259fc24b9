import { atom, computed } from 'nanostores';
import { utmeApi } from '../../lib/api/endpoints.ts';
import type { UtmeCatalogue } from '../../lib/api/utme.ts';
import { $auth } from '../../lib/client/session.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';
import { inCatalogueOrder, incompleteChoiceLine, mockAccess, sittingPath, toggleChoice } from './picker.ts';

/** The picker's catalogue on screen. */
export type PickerState = LoadState<UtmeCatalogue>;

/**
 * /utme: the subjects a mock can have and the student's unfinished sitting (GET /api/v1/exam/utme/subjects),
 * the three subjects chosen beside Use of English, and Start. The plan is judged by the environment's clock.
 */
export function createPickerStore() {
  const $catalogue = atom<PickerState>({ status: 'loading' });
  const $chosen = atom<string[]>([]);
  /** Why the last tick or Start was refused, for the live region under the choices. */
  const $refusal = atom<string | undefined>(undefined);
  const $access = computed($auth, (account) => mockAccess(account, new Date(environment().now())));
  let latest = 0;

  /** Loads (or, for Retry, reloads) the catalogue, and the account whose plan decides whether Start is offered. */
  async function load() {
    latest += 1;
    const mine = latest;
    $catalogue.set({ status: 'loading' });
    const { call, loadUser } = environment();
    const [result] = await Promise.all([call(utmeApi.subjects), loadUser()]);
    if (mine !== latest) return;
    $catalogue.set(loadedFrom(result));
    if (!result.ok) return;
    // A reload keeps the choices that can still be made.
    const available = result.data.electives.filter((subject) => subject.available);
    $chosen.set(inCatalogueOrder($chosen.get(), available));
  }

  /** Ticks or unticks a subject; a refusal says why instead. */
  function toggle(subjectId: string) {
    const state = $catalogue.get();
    if (state.status !== 'ready') return;
    const subject = state.data.electives.find((candidate) => candidate._id === subjectId);
    if (!subject) return;
    const outcome = toggleChoice($chosen.get(), subject);
    $chosen.set(outcome.chosen);
    $refusal.set(outcome.refused);
  }

  /** Start: opens the sitting with the three subjects, or says how many are still missing. */
  function start() {
    const state = $catalogue.get();
    if (state.status !== 'ready' || !$access.get().open) return;
    const chosen = inCatalogueOrder($chosen.get(), state.data.electives);
    const missing = incompleteChoiceLine(chosen.length);
    if (missing) {
      $refusal.set(missing);
      return;
    }
    environment().navigate(sittingPath(chosen));
  }

  return { $catalogue, $chosen, $refusal, $access, load, toggle, start };
}
