import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failed, fakeApi, success as ok } from '../../../tests/support/store-environment.ts';
import { BOARD_COPY_MAX_AGE_MS, CONTEST } from '../../lib/api/contest.ts';
import { contestApi } from '../../lib/api/endpoints.ts';
import { PaymentCode } from '../../lib/errors.ts';
import { board, callsTo, contestBrowser, entry, NOW, queued, summary } from './contest-fixtures.ts';
import { AWAIT_PRIZES_MS, BOARD_READ_MS, createContestStore } from './contest-store.ts';

// The /contest?id=… store against a stand-in API and Vitest's fake clock.

const settle = () => vi.advanceTimersByTimeAsync(0);

async function open(api: ReturnType<typeof fakeApi>, options: Parameters<typeof contestBrowser>[1] = {}) {
  const browser = contestBrowser(api, options);
  const store = createContestStore();
  const stop = store.init();
  await settle();
  return { store, browser, stop };
}

const paths = (browser: ReturnType<typeof contestBrowser>) => browser.navigations.map((to) => to.path);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A refusal as the client reports it, with the API's code. */
const refused = (status: number, message: string, code: string) => ({ ...failed(message, status), code });

describe('the contest page', () => {
  it('without an id in the address, goes to the list of contests', async () => {
    const { browser } = await open(fakeApi(), { search: '' });
    expect(paths(browser)).toEqual(['/contests']);
  });

  it('counts down on the server’s clock, whatever the phone’s says', async () => {
    // The server is 10 minutes behind this phone: the start is still a minute away on its clock.
    const serverTime = new Date(NOW - 10 * 60_000).toISOString();
    const api = fakeApi().on(
      contestApi.one,
      queued(ok(summary({ serverTime, startsAt: '2026-12-05T08:50:00.000Z' }))),
    );
    const { store } = await open(api);
    expect(callsTo(api, contestApi.one)).toEqual([{ params: { id: 'c1' } }]);
    expect(store.$now.get()).toBe(NOW - 10 * 60_000);
    // An upcoming contest has no board to read.
    expect(callsTo(api, contestApi.board)).toEqual([]);
  });

  it('enters: the fee leaves the balance, the entry and the count show at once', async () => {
    const api = fakeApi()
      .on(contestApi.one, queued(ok(summary())))
      .on(contestApi.enter, queued(ok({ entry: entry(), triviaPoints: 60 }, 'You are in')));
    const { store, browser } = await open(api);
    await store.enter();
    expect(browser.coins).toEqual([60]);
    expect(store.$contest.get()).toMatchObject({ status: 'ready', data: { entrants: 4, entry: entry() } });
    expect(store.$enterProblem.get()).toBeNull();
  });

  it('sends a guest to sign in and back, without calling the API', async () => {
    const api = fakeApi().on(contestApi.one, queued(ok(summary())));
    const { store, browser } = await open(api, { signedIn: false });
    await store.enter();
    expect(paths(browser)).toEqual(['/signin?next=/contest?id=c1']);
    expect(callsTo(api, contestApi.enter)).toEqual([]);
  });

  it('without enough coins goes to /out-of-coin', async () => {
    const api = fakeApi()
      .on(contestApi.one, queued(ok(summary())))
      .on(contestApi.enter, queued(refused(402, 'Not enough coins', PaymentCode.insufficientCoins)));
    const { store, browser } = await open(api);
    await store.enter();
    expect(paths(browser)).toEqual(['/out-of-coin']);
    expect(browser.coins).toEqual([]);
  });

  it('an unconfirmed email is told to confirm it; a refusal says why and reads the contest again', async () => {
    const api = fakeApi()
      .on(contestApi.one, queued(ok(summary())))
      .on(
        contestApi.enter,
        queued(
          failed('Confirm your email address first.', 403),
          failed('You have entered this contest already.', 409),
        ),
      );
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
    expect(callsTo(api, contestApi.one)).toHaveLength(2);
  });

  it('reads the contest again at the start, then shows the board and reads it every 14 s while live', async () => {
    const live = summary({
      status: 'live',
      serverTime: '2026-12-05T09:00:01.000Z',
      entry: entry({ openLevel: 1, openLevelEndsAt: '2026-12-05T09:05:00.000Z' }),
    });
    const api = fakeApi()
      .on(contestApi.one, queued(ok(summary({ entry: entry() })), ok(live)))
      .on(contestApi.board, queued(ok(board())));
    const { store } = await open(api);
    expect(callsTo(api, contestApi.one)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(callsTo(api, contestApi.one)).toHaveLength(2);
    expect(store.$contest.get()).toMatchObject({ data: { status: 'live', entry: { openLevel: 1 } } });
    expect(callsTo(api, contestApi.board)).toEqual([{ params: { id: 'c1' } }]);
    expect(store.$board.get()).toEqual({ status: 'ready', data: board() });

    // The server's copy may be 15 s old when it answers: with a read every 14 s (and a read up to a tick of
    // the page's one-second clock late), the board on screen is never older than the 30 s limit.
    expect(BOARD_READ_MS).toBe(14_000);
    expect(BOARD_READ_MS + 1000 + BOARD_COPY_MAX_AGE_MS).toBeLessThanOrEqual(CONTEST.boardMaxAgeMs);
    for (const reads of [2, 3]) {
      await vi.advanceTimersByTimeAsync(BOARD_READ_MS - 1000);
      expect(callsTo(api, contestApi.board)).toHaveLength(reads - 1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(callsTo(api, contestApi.board)).toHaveLength(reads);
    }
  });

  it('after the end, looks again until the final board is in, then stops', async () => {
    const finished = summary({ status: 'finished', serverTime: '2026-12-05T09:11:00.000Z' });
    const credited = { ...finished, winners: board().docs, entry: entry({ place: 1, prizeCoins: 500 }) };
    const api = fakeApi()
      .on(contestApi.one, queued(ok(finished), ok(credited)))
      .on(contestApi.board, queued(ok(board()), ok(board({ final: true }))));
    await open(api);
    await vi.advanceTimersByTimeAsync(AWAIT_PRIZES_MS);
    expect(callsTo(api, contestApi.one)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(AWAIT_PRIZES_MS * 3);
    expect(callsTo(api, contestApi.one)).toHaveLength(2);
  });

  it('claims the sponsored prize only once the student confirms being 18 or over', async () => {
    const sponsored = { prize: 'A tablet', claimedAt: null, blockedBy: 'age' as const };
    const claimed = entry({
      place: 1,
      sponsored: { ...sponsored, claimedAt: '2026-12-05T09:20:00.000Z', blockedBy: null },
    });
    const api = fakeApi()
      .on(
        contestApi.one,
        queued(
          ok(summary({ status: 'finished', winners: board().docs, entry: entry({ place: 1, sponsored }) })),
        ),
      )
      .on(contestApi.board, queued(ok(board({ final: true }))))
      .on(contestApi.claim, queued(ok(claimed, 'Claimed')));
    const { store } = await open(api);
    await store.claim();
    expect(callsTo(api, contestApi.claim)).toEqual([]);
    expect(store.$claim.get()).toMatchObject({ status: 'failed' });

    store.setAdult(true);
    await store.claim();
    expect(callsTo(api, contestApi.claim)).toEqual([
      { params: { id: 'c1' }, body: { adult: true }, quiet: true },
    ]);
    expect(store.$claim.get()).toEqual({ status: 'claimed', message: 'Claimed' });
    expect(store.$contest.get()).toMatchObject({ data: { entry: claimed } });
  });
});
