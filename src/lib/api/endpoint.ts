/**
 * An endpoint bound once: its method and path, and the types of its path parameters, query, body and data.
 * The bindings are in endpoints.ts. The browser's `call` (lib/client/api.ts) and the tests' `t.call` take a
 * binding, so no caller writes a path or a response type again; tests/unit/endpoints.test.ts checks that
 * every binding is a route of the API.
 */

/** Where the API is served: every binding's path starts here. */
export const API_ROOT = '/api';

/** Whether a path is the API's (the service worker leaves those to the network). */
export function isApiPath(pathname: string): boolean {
  return pathname === API_ROOT || pathname.startsWith(`${API_ROOT}/`);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The names of a path's `:name` parameters: `'/api/v1/contest/:id/level'` gives `'id'`. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** What an endpoint takes and gives, as types: `data` is what a success carries in its `data` field. */
export interface Shape {
  data: unknown;
  body?: unknown;
  query?: unknown;
  /** The body goes form-encoded (the spec's airtime call), not as JSON. */
  form?: true;
}

export interface Endpoint<M extends Method = Method, P extends string = string, S extends Shape = Shape> {
  readonly method: M;
  readonly path: P;
  /** The types only: at run time every field is undefined. */
  readonly shape: S;
}

/** A type, written where a value goes: `endpoint('GET', '/api/v1/plan', { data: type<Paged<Plan>>() })`. */
/* @__NO_SIDE_EFFECTS__ */
export function type<T>(): T {
  return undefined as T;
}

/** Binds an endpoint: its method, its path (with `:name` parameters) and its shape, made with `type`. */
// Marked free of side effects, so that a bundle keeps only the bindings its pages call.
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const M extends Method, const P extends string, S extends Shape>(
  method: M,
  path: P,
  shape: S,
): Endpoint<M, P, S> {
  return { method, path, shape };
}

/** What a success of the endpoint carries. */
export type DataOf<E extends Endpoint> = E['shape']['data'];

type ParamsPart<P extends string> = [PathParams<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParams<P>, string> };
type BodyPart<S extends Shape> = S extends { body: infer Body }
  ? undefined extends Body
    ? { body?: Body }
    : { body: Body }
  : { body?: undefined };
type QueryPart<S extends Shape> = S extends { query: infer Query }
  ? { query?: Query }
  : { query?: undefined };

/** What a call of the endpoint passes: its path parameters, its body and its query, each when it has one. */
export type CallInput<E extends Endpoint> = ParamsPart<E['path']> &
  BodyPart<E['shape']> &
  QueryPart<E['shape']>;

/** The input as a rest parameter: optional when the endpoint needs nothing. */
export type CallArgs<E extends Endpoint, Extra = unknown> =
  object extends CallInput<E> ? [input?: CallInput<E> & Extra] : [input: CallInput<E> & Extra];

/** The endpoint's path with its parameters filled in, each encoded. */
export function pathOf<E extends Endpoint>(binding: E, params: Record<string, string> | undefined): string {
  return binding.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${binding.path}: the parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
}

/** A form-encoded endpoint's body as its fields (`shape.form`): each value written as text. */
export function formFields(body: object): URLSearchParams {
  return new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)]));
}
