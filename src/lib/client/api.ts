import { FetchError, ofetch } from 'ofetch';
import {
  type ApiErrorBody,
  type ApiErrorItem,
  type ApiSuccessBody,
  UNAUTHORIZED_MESSAGE,
} from '../errors.ts';
import { showErrorModal } from './error-modal.ts';
import { clearAllButUnsentWork, readToken } from './storage.ts';
import { showToast } from './toasts.ts';

/** The one HTTP client: every call says it comes from the web app and carries the token when there is one. */
const client = ofetch.create({
  baseURL: '/',
  retry: 0,
  onRequest({ options }) {
    const headers = new Headers(options.headers);
    headers.set('frontend-source', 'webuser');
    const token = readToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    options.headers = headers;
  },
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call gives back: the data, or what went wrong in the shape the screens display. */
export type ApiResult<T> =
  | { ok: true; data: T; message: string }
  | { ok: false; status: number; message: string; errors?: ApiErrorItem[]; code?: string };

const CLIENT_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.';

function failure(error: unknown): Extract<ApiResult<never>, { ok: false }> {
  if (!(error instanceof FetchError) || error.response === undefined) {
    return { ok: false, status: 0, message: CLIENT_ERROR_MESSAGE };
  }
  const status = error.response.status;
  const body: unknown = error.data;
  // 429 bodies are plain text from the rate limiter (spec §8).
  if (typeof body === 'string') return { ok: false, status, message: body || CLIENT_ERROR_MESSAGE };
  const payload = (body ?? {}) as Partial<ApiErrorBody>;
  const errors = Array.isArray(payload.errors) ? payload.errors : undefined;
  const message = payload.message || errors?.[0]?.message || error.message || CLIENT_ERROR_MESSAGE;
  return {
    ok: false,
    status,
    message,
    ...(errors && errors.length > 1 ? { errors } : {}),
    ...(payload.code ? { code: payload.code } : {}),
  };
}

/**
 * Calls the API. Success of a call that changes something shows its message as a toast (not PATCH, which
 * saves quiz answers silently); a 429 shows its text as an error toast; an invalid session clears local
 * storage (all but the answers not yet sent) and reloads, as the spec's client does.
 */
export async function request<T>(
  method: Method,
  path: string,
  options: { body?: unknown; query?: Record<string, string | number | undefined>; quiet?: boolean } = {},
): Promise<ApiResult<T>> {
  try {
    const response = await client<ApiSuccessBody<T>>(path, {
      method,
      ...(options.body === undefined ? {} : { body: options.body as Record<string, unknown> }),
      ...(options.query ? { query: options.query } : {}),
    });
    if (method !== 'GET' && method !== 'PATCH' && !options.quiet && response.message) {
      showToast(response.message, 'success');
    }
    return { ok: true, data: response.data, message: response.message };
  } catch (error) {
    const result = failure(error);
    if (result.message === UNAUTHORIZED_MESSAGE) {
      // As logging out does: the answers not yet sent stay, for the student's next sign-in.
      clearAllButUnsentWork(localStorage);
      location.reload();
    } else if (result.status === 429) {
      showToast(result.message, 'error');
    }
    return result;
  }
}

/** Shows a failed call the way the spec asks: several errors in the Error modal, one as an error toast. */
export function reportFailure(result: Extract<ApiResult<unknown>, { ok: false }>): void {
  if (result.status === 429 || result.message === UNAUTHORIZED_MESSAGE) return;
  if (result.errors && result.errors.length > 1) showErrorModal(result.errors);
  else showToast(result.message, 'error');
}
