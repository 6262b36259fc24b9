import { atom } from 'nanostores';
import { predictionApi } from '../../lib/api/endpoints.ts';
import type { UtmePrediction } from '../../lib/api/prediction.ts';
import { environment } from '../shared/environment.ts';
import { type LoadState, loadedFrom } from '../shared/load-state.ts';

/** The prediction panel on /utme and /profile. */
export type PredictionState = LoadState<UtmePrediction>;

/**
 * The predicted UTME score (GET /api/v1/prediction): the total out of 400 and each subject out of 100, each
 * with its 80% range. Read again after the exam plan is saved, since the plan names the subjects.
 */
export function createPredictionStore() {
  const $state = atom<PredictionState>({ status: 'loading' });

  /** Loads the prediction; a reload keeps the one on screen until the new one arrives. */
  async function load() {
    if ($state.get().status !== 'ready') $state.set({ status: 'loading' });
    const result = await environment().call(predictionApi.prediction);
    // A failed reload leaves the prediction already shown rather than hide it behind an error.
    if (!result.ok && $state.get().status === 'ready') return;
    $state.set(loadedFrom(result));
  }

  return { $state, load };
}
