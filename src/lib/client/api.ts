import { FetchError, ofetch } from 'ofetch';
import { type CallArgs, type DataOf, type Endpoint, formFields, pathOf } from '../api/endpoint.ts';
import {
  type ApiErrorBody,
  type ApiErrorItem,
  type ApiSuccessBody,
  UNAUTHORIZED_MESSAGE,
} from '../errors.ts';
import { showErrorModal } from './error-modal.ts';
import { endInvalidSession, readToken } from './storage.ts';
import { showToast } from './toasts.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call gives back: the data, or what went wrong in the shape the screens display. */
export type ApiResult<T> =
  | { ok: true; data: T; message: string }
  | { ok: false; status: number; message: string; errors?: ApiErrorItem[]; code?: string };

/** What a call that never reached the server says. */
export const CLIENT_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.';

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
    // Kept even when there is one, so that a form can put it beside its field; reportFailure decides
    // between the Error modal and a toast by their number.
    ...(errors && errors.length > 0 ? { errors } : {}),
    ...(payload.code ? { code: payload.code } : {}),
  };
}

/** What the client does around a call: the browser's, or a test's stand-ins. */
export interface ApiClientOptions {
  /** Sends the request (the browser's fetch, or a test app's `app.request`). */
  fetch?: typeof globalThis.fetch;
  /** The session's token, when there is one. */
  token?: () => string | undefined;
  showToast?: (message: string, kind: 'success' | 'error') => void;
  /** The session is no longer valid. */
  onUnauthorized?: () => void;
}

const browserOptions: Required<Omit<ApiClientOptions, 'fetch'>> = {
  token: readToken,
  showToast,
  onUnauthorized: endInvalidSession,
};

/**
 * The HTTP client: every call says it comes from the web app and carries the token when there is one.
 * Success of a call that changes something shows its message as a toast (not PATCH, which saves quiz answers
 * silently); a 429 shows its text as an error toast; an invalid session clears local storage (all but the
 * answers not yet sent) and reloads, as the spec's client does.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const { token, showToast: toast, onUnauthorized } = { ...browserOptions, ...options };
  const client = ofetch.create(
    {
      baseURL: '/',
      retry: 0,
      onRequest({ options: request }) {
        const headers = new Headers(request.headers);
        headers.set('frontend-source', 'webuser');
        const bearer = token();
        if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
        request.headers = headers;
      },
    },
    options.fetch ? { fetch: options.fetch } : {},
  );

  async function request<T>(
    method: Method,
    path: string,
    input: { body?: unknown; query?: object; quiet?: boolean; form?: boolean } = {},
  ): Promise<ApiResult<T>> {
    try {
      const response = await client<ApiSuccessBody<T>>(path, {
        method,
        ...(input.body === undefined ? {} : { body: requestBody(input.body, input.form) }),
        ...(input.query ? { query: input.query as Record<string, unknown> } : {}),
      });
      if (method !== 'GET' && method !== 'PATCH' && !input.quiet && response.message) {
        toast(response.message, 'success');
      }
      return { ok: true, data: response.data, message: response.message };
    } catch (error) {
      const result = failure(error);
      if (result.message === UNAUTHORIZED_MESSAGE) onUnauthorized();
      else if (result.status === 429) toast(result.message, 'error');
      return result;
    }
  }

  /**
   * Calls an endpoint through its binding (lib/api/endpoints.ts): the path, the types of the input and of
   * the data come from the binding, so no caller writes them again.
   */
  function call<E extends Endpoint>(
    binding: E,
    ...[input]: CallArgs<E, CallOptions>
  ): Promise<ApiResult<DataOf<E>>> {
    const { params, body, query, quiet } = (input ?? {}) as {
      params?: Record<string, string>;
      body?: unknown;
      query?: object;
      quiet?: boolean;
    };
    const path = pathOf(binding, params);
    return request<DataOf<E>>(binding.method, path, { body, query, quiet, form: binding.shape.form });
  }

  return { request, call };
}

/** A JSON body as ofetch sends it, or a form's fields (ofetch sends URLSearchParams form-encoded). */
function requestBody(body: unknown, form: boolean | undefined): Record<string, unknown> | URLSearchParams {
  if (!form) return body as Record<string, unknown>;
  return formFields(body as object);
}

/** What a call may add to its endpoint's input: `quiet` keeps the success toast of a change from showing. */
export interface CallOptions {
  quiet?: boolean;
}

const browserClient = createApiClient();

/** Calls the API by method and path. Kept for the calls not yet bound; new code calls `call`. */
export const request = browserClient.request;

/** Calls an endpoint through its binding, from the browser. */
export const call = browserClient.call;

/** Shows a failed call the way the spec asks: several errors in the Error modal, one as an error toast. */
export function reportFailure(result: Extract<ApiResult<unknown>, { ok: false }>): void {
  if (result.status === 429 || result.message === UNAUTHORIZED_MESSAGE) return;
  if (result.errors && result.errors.length > 1) showErrorModal(result.errors);
  else showToast(result.message, 'error');
}
