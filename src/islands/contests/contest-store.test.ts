import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTEST } from '../../lib/api/contest.ts';
import { PaymentCode } from '../../lib/errors.ts';
import { board, contestDeps, entry, failed, fakeApi, NOW, ok, summary } from './contest-fixtures.ts';
import { AWAIT_PRIZES_MS, createContestStore } from './contest-store.ts';

// The /contest?id=… store against a fake API and Vitest's fake clock.

const CONTEST_PATH = '/api/v1/contest/c1';
const BOARD_PATH = '/api/v1/contest/c1/board';
const ENTRY_PATH = '/api/v1/contest/c1/entry';
const CLAIM_PATH = '/api/v1/contest/c1/claim';

const settle = () => vi.advanceTimersByTimeAsync(0);

async function open(api: ReturnType<typeof fakeApi>, options: Parameters<typeof contestDeps>[1] = {}) {
  const deps = contestDeps(api, options);
  const store = createContestStore(deps);
  const stop = store.init();
  await settle();
  return { store, deps, stop };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the contest page', () => {
  it('without an id in the address, goes to the list of contests', async () => {
    const { deps } = await open(fakeApi({}), { search: '' });
    expect(deps.navigate).toHaveBeenCalledWith('/contests');
  });

  it('counts down on the server’s clock, whatever the phone’s says', async () => {
    // The server is 10 minutes behind this phone: the start is still a minute away on its clock.
    const serverTime = new Date(NOW - 10 * 60_000).toISOString();
    const api = fakeApi({
      [`GET ${CONTEST_PATH}`]: [ok(summary({ serverTime, startsAt: '2026-12-05T08:50:00.000Z' }))],
    });
    const { store } = await open(api);
    expect(store.$now.get()).toBe(NOW - 10 * 60_000);
    // An upcoming contest has no board to read.
    expect(api.to('GET', BOARD_PATH)).toEqual([]);
  });

  it('enters: the fee leaves the balance, the entry and the count show at once', async () => {
    const api = fakeApi({
      [`GET ${CONTEST_PATH}`]: [ok(summary())],
      [`POST ${ENTRY_PATH}`]: [ok({ entry: entry(), triviaPoints: 60 }, 'You are in')],
    });
    const { store, deps } = await open(api);
    await store.enter();
    expect(deps.setCoins).toHaveBeenCalledWith(60);
    expect(store.$contest.get()).toMatchObject({ status: 'ready', contest: { entrants: 4, entry: entry() } });
    expect(store.$enterProblem.get()).toBeNull();
  });

  it('sends a guest to sign in and back, without calling the API', async () => {
    const api = fakeApi({ [`GET ${CONTEST_PATH}`]: [ok(summary())] });
    const { store, deps } = await open(api, { signedIn: false });
    await store.enter();
    expect(deps.requireSignIn).toHaveBeenCalledWith('/contest?id=c1');
    expect(api.to('POST', ENTRY_PATH)).toEqual([]);
  });

  it('without enough coins goes to /out-of-coin', async () => {
    const api = fakeApi({
      [`GET ${CONTEST_PATH}`]: [ok(summary())],
      [`POST ${ENTRY_PATH}`]: [failed(402, 'Not enough coins', PaymentCode.insufficientCoins)],
    });
    const { store, deps } = await open(api);
    await store.enter();
    expect(deps.navigate).toHaveBeenCalledWith('/out-of-coin');
    expect(deps.setCoins).not.toHaveBeenCalled();
  });

  it('an unconfirmed email is told to confirm it; a refusal says why and reads the contest again', async () => {
    const api = fakeApi({
      [`GET ${CONTEST_PATH}`]: [ok(summary())],
      [`POST ${ENTRY_PATH}`]: [
        failed(403, 'Confirm your email address first.'),
        failed(409, 'You have entered this contest already.'),
      ],
    });
    const { store } = await open(api);
    await store.enter();
    expect(store.$enterProblem.get()).toEqual({
      kind: 'unconfirmed',
      message: 'Confirm your email address first.',
    });
    await store.enter();
    await settle();
    expect(store.$enterProblem.get()).toEqual({
      kind: 'refused',
      message: 'You have entered this contest already.',
    });
    expect(api.to('GET', CONTEST_PATH)).toHaveLength(2);
  });

  it('reads the contest again at the start, then shows the board and refreshes it every 30 s while live', async () => {
    const live = summary({
      status: 'live',
      serverTime: '2026-12-05T09:00:01.000Z',
      entry: entry({ openLevel: 1, openLevelEndsAt: '2026-12-05T09:05:00.000Z' }),
    });
    const api = fakeApi({
      [`GET ${CONTEST_PATH}`]: [ok(summary({ entry: entry() })), ok(live)],
      [`GET ${BOARD_PATH}`]: [ok(board())],
    });
    const { store } = await open(api);
    expect(api.to('GET', CONTEST_PATH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.to('GET', CONTEST_PATH)).toHaveLength(2);
    expect(store.$contest.get()).toMatchObject({ contest: { status: 'live', entry: { openLevel: 1 } } });
    expect(api.to('GET', BOARD_PATH)).toHaveLength(1);
    expect(store.$board.get()).toEqual({ status: 'ready', board: board() });

    await vi.advanceTimersByTimeAsync(CONTEST.boardMaxAgeMs - 1000);
    expect(api.to('GET', BOARD_PATH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.to('GET', BOARD_PATH)).toHaveLength(2);
  });

  it('after the end, looks again until the final board is in, then stops', async () => {
    const finished = summary({ status: 'finished', serverTime: '2026-12-05T09:11:00.000Z' });
    const credited = { ...finished, winners: board().docs, entry: entry({ place: 1, prizeCoins: 500 }) };
    const api = fakeApi({
      [`GET ${CONTEST_PATH}`]: [ok(finished), ok(credited)],
      [`GET ${BOARD_PATH}`]: [ok(board()), ok(board({ final: true }))],
    });
    await open(api);
    await vi.advanceTimersByTimeAsync(AWAIT_PRIZES_MS);
    expect(api.to('GET', CONTEST_PATH)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(AWAIT_PRIZES_MS * 3);
    expect(api.to('GET', CONTEST_PATH)).toHaveLength(2);
  });

  it('claims the sponsored prize only once the student confirms being 18 or over', async () => {
    const sponsored = { prize: 'A tablet', claimedAt: null, blockedBy: 'age' as const };
    const claimed = entry({
      place: 1,
      sponsored: { ...sponsored, claimedAt: '2026-12-05T09:20:00.000Z', blockedBy: null },
    });
    const api = fakeApi({
      [`GET ${CONTEST_PATH}`]: [
        ok(summary({ status: 'finished', winners: board().docs, entry: entry({ place: 1, sponsored }) })),
      ],
      [`GET ${BOARD_PATH}`]: [ok(board({ final: true }))],
      [`POST ${CLAIM_PATH}`]: [ok(claimed, 'Claimed')],
    });
    const { store } = await open(api);
    await store.claim();
    expect(api.to('POST', CLAIM_PATH)).toEqual([]);
    expect(store.$claim.get()).toMatchObject({ status: 'failed' });

    store.setAdult(true);
    await store.claim();
    expect(api.to('POST', CLAIM_PATH).map((call) => call.body)).toEqual([{ adult: true }]);
    expect(store.$claim.get()).toEqual({ status: 'claimed', message: 'Claimed' });
    expect(store.$contest.get()).toMatchObject({ contest: { entry: claimed } });
  });
});
