import { onTestFinished } from 'vitest';
import { memoryStorage } from '../../src/islands/quiz/answer-queue.ts';
import { type Environment, resetEnvironment, setEnvironment } from '../../src/islands/shared/environment.ts';
import type { CallArgs, DataOf, Endpoint } from '../../src/lib/api/endpoint.ts';
import { type ApiResult, createApiClient } from '../../src/lib/client/api.ts';
import type { Profile, ReturnTo, SessionPayload, User } from '../../src/lib/client/session.ts';
import type { TestApp } from './test-app.ts';

/** What a store did to the browser during a test: where it went, what it said, what it did to the session. */
export interface BrowserRecord {
  navigations: { path: string; state?: unknown }[];
  /** Each Back, by the page it falls back to. */
  wentBack: string[];
  toasts: { message: string; kind: string }[];
  toastsAfterNavigation: { message: string; kind: string }[];
  /** Each answer a sign-in or sign-up completed the session with, and where it asked to go on to. */
  signIns: { result: ApiResult<SessionPayload>; returnTo: ReturnTo['returnTo'] | undefined }[];
  /** How many times the student was logged out. */
  logouts: number;
  /** Each user (and profile, when the answer carried one) stored in place of the signed-in student's. */
  accounts: { user: User; profile?: Profile }[];
}

/**
 * Gives the stores an environment for one test: stand-ins that work without a browser (memory storage,
 * online, no images), the test's own `parts` over them, and the real browser's back when the test ends.
 * A store that calls the API without the test giving it `call` fails the test.
 */
export function testEnvironment(parts: Partial<Environment> = {}): BrowserRecord {
  const record: BrowserRecord = {
    navigations: [],
    wentBack: [],
    toasts: [],
    toastsAfterNavigation: [],
    signIns: [],
    logouts: 0,
    accounts: [],
  };
  const storages = { local: memoryStorage(), session: memoryStorage() };
  setEnvironment({
    call: (() => {
      throw new Error('This test gave the store no API: pass `call` to testEnvironment');
    }) as Environment['call'],
    reportFailure: (result) => record.toasts.push({ message: result.message, kind: 'error' }),
    navigate: (path, state) => record.navigations.push({ path, state }),
    goBack: (fallback = '/') => record.wentBack.push(fallback),
    readNavigationState: () => undefined,
    readSearch: () => '',
    readOrigin: () => 'https://exam.example',
    readFragment: () => '',
    clearFragment: () => {},
    requireSignIn: (path, state) => record.navigations.push({ path: `/signin?next=${path}`, state }),
    userId: () => undefined,
    signedIn: () => false,
    completeSignIn: (result, returnTo) => {
      record.signIns.push({ result, returnTo });
      return result.ok;
    },
    logout: async () => {
      record.logouts += 1;
    },
    loadUser: async () => {},
    refreshUser: async () => undefined,
    replaceUser: (user) => record.accounts.push({ user }),
    replaceAccount: (account) => record.accounts.push(account),
    boardPlace: async () => null,
    airtimeActive: async () => false,
    setCoins: () => {},
    forgetAccount: () => {},
    showToast: (message, kind = 'info') => record.toasts.push({ message, kind }),
    toastAfterNavigation: (message, kind = 'info') => record.toastsAfterNavigation.push({ message, kind }),
    showErrors: (errors, onClose) => {
      for (const error of errors) record.toasts.push({ message: error.message, kind: 'error' });
      onClose();
    },
    randomId: () => crypto.randomUUID(),
    openStorage: (kind) => storages[kind],
    storageManager: () => undefined,
    isOnline: () => true,
    saveData: () => false,
    watchBrowser: () => () => {},
    loadImage: async () => ({}),
    fetchImage: async () => new Blob([]),
    storeMathsFonts: async () => true,
    createObjectURL: () => 'blob:test',
    revokeObjectURL: () => {},
    ...parts,
  });
  onTestFinished(resetEnvironment);
  return record;
}

/** The API of a test app as the browser calls it, signed in with `token` when one is given. */
export function appApi(t: TestApp, token?: string): Environment['call'] {
  let requests = 0;
  const { call } = createApiClient({
    // Each request from its own address, as t.request does, so that rate limits only bite where tested.
    fetch: ((input: string | URL | Request, init?: RequestInit) => {
      requests += 1;
      const clientAddress = `10.254.${(requests >> 8) & 255}.${requests & 255}`;
      return t.app.request(input instanceof Request ? input : String(input), init, { clientAddress });
    }) as typeof fetch,
    token: () => token,
    showToast: () => {},
    onUnauthorized: () => {},
  });
  return call;
}

type Handler<E extends Endpoint> = (
  ...args: CallArgs<E>
) => ApiResult<DataOf<E>> | Promise<ApiResult<DataOf<E>>>;

/**
 * A stand-in API for a store test that needs answers the real one cannot give (a failure, a slow answer):
 * each binding the test names answers through its handler, any other fails the test. `calls` lists what
 * the store asked, in order.
 */
export function fakeApi() {
  const handlers = new Map<Endpoint, Handler<Endpoint>>();
  const calls: { binding: Endpoint; input: unknown }[] = [];
  const call = (async (binding: Endpoint, input?: unknown) => {
    calls.push({ binding, input });
    const handler = handlers.get(binding);
    if (!handler) throw new Error(`This test's API has no answer for ${binding.method} ${binding.path}`);
    return (handler as (input: unknown) => unknown)(input);
  }) as Environment['call'];
  return {
    call,
    calls,
    /** Answers `binding` with `handler` from now on. */
    on<E extends Endpoint>(binding: E, handler: Handler<E>) {
      handlers.set(binding, handler as unknown as Handler<Endpoint>);
      return this;
    },
  };
}

/** A success as the API gives it. */
export function success<T>(data: T, message = 'OK'): ApiResult<T> {
  return { ok: true, data, message };
}

/** A failure as the client reports it. */
export function failed(message: string, status = 400): ApiResult<never> {
  return { ok: false, status, message };
}
