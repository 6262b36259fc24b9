import { atom } from 'nanostores';
import { utmeApi } from '../../lib/api/endpoints.ts';
import type { UtmeResult } from '../../lib/api/utme.ts';
import { environment } from '../shared/environment.ts';
import type { LoadState } from '../shared/load-state.ts';
import { NO_SITTING, type ResultFailure, resultFailure, utmeResultFromState } from './result.ts';

/** The result on screen; a failure says whether Retry can help (a lost connection) or not. */
export type UtmeResultState = LoadState<UtmeResult, { status: 'failed' } & ResultFailure>;

/**
 * /utme/result?exam=…: the result the sitting handed over as navigation state, when it is the sitting the
 * address names; otherwise (a reload in another tab, a shared link, state lost) GET /exam/utme/result. Also
 * which subject's review is open. `search` is the page's query string.
 */
export function createResultStore(search: string) {
  const examId = new URLSearchParams(search).get('exam')?.trim() ?? '';
  const $result = atom<UtmeResultState>({ status: 'loading' });
  /** The subject whose questions the review shows, by its place in the result. */
  const $section = atom(0);
  let latest = 0;

  async function fetchResult() {
    latest += 1;
    const mine = latest;
    $result.set({ status: 'loading' });
    const result = await environment().call(utmeApi.result, { query: { exam: examId } });
    if (mine !== latest) return;
    $result.set(
      result.ok
        ? { status: 'ready', data: result.data }
        : { status: 'failed', ...resultFailure(result.status, result.message) },
    );
  }

  /** Shows the handed-over result at once, or reads it from the server. */
  async function init() {
    if (!examId) {
      $result.set({ status: 'failed', ...NO_SITTING });
      return;
    }
    const handed = utmeResultFromState(environment().readNavigationState(), examId);
    if (handed) {
      $result.set({ status: 'ready', data: handed });
      return;
    }
    await fetchResult();
  }

  /** Opens a subject's review; a place outside the result is ignored. */
  function showSection(index: number) {
    const state = $result.get();
    if (state.status !== 'ready' || index < 0 || index >= state.data.sections.length) return;
    $section.set(index);
  }

  return { examId, $result, $section, init, retry: fetchResult, showSection };
}
