import type { DataOf, Endpoint } from '../../src/lib/api/endpoint.ts';
import type { ApiResult } from '../../src/lib/client/api.ts';
import { fakeApi } from './store-environment.ts';

/** An answer of a binding: at once, or a promise the test settles when it wants the answer to arrive. */
export type AnswerOf<E extends Endpoint> = ApiResult<DataOf<E>> | Promise<ApiResult<DataOf<E>>>;

/**
 * A `fakeApi` for the quiz's store tests, whose bindings answer in turn: each call takes the next answer
 * given for its binding, and once one is left that one answers every call after it. `bodies` and `inputs`
 * read back what the store sent to a binding.
 */
export function apiInTurn() {
  const api = fakeApi();
  const inputs = (binding: Endpoint) =>
    api.calls.filter((call) => call.binding === binding).map((call) => call.input);
  return {
    call: api.call,
    calls: api.calls,
    /** Answers `binding` with `answers`, one per call, the last again once it is the only one left. */
    answer<E extends Endpoint>(binding: E, ...answers: AnswerOf<E>[]) {
      api.on(binding, () => {
        const next = answers.length > 1 ? answers.shift() : answers[0];
        if (!next) throw new Error(`${binding.method} ${binding.path} was given no answer`);
        return next;
      });
      return this;
    },
    /** What the store passed to `binding` in each call (params, query, body and options), in order. */
    inputs,
    /** The bodies the store sent to `binding`, in order. */
    bodies: (binding: Endpoint) =>
      inputs(binding).map((input) => (input as { body?: unknown } | undefined)?.body),
  };
}
