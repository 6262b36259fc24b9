/**
 * The state of what a screen loads from the API: loading, ready with its data, or failed with the message
 * to show (and a Try again). A screen with more states (offline, empty …) adds them as `Extra`.
 */
export type LoadState<T, Extra extends { status: string } = never> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; message: string }
  | Extra;

/** The state a finished call leaves: its data, or its failure's message. */
export function loadedFrom<T>(result: { ok: true; data: T } | { ok: false; message: string }): LoadState<T> {
  return result.ok ? { status: 'ready', data: result.data } : { status: 'failed', message: result.message };
}
