import { atom } from 'nanostores';
import {
  BOARD_COPY_MAX_AGE_MS,
  CONTEST,
  type ContestBoard,
  type ContestEntry,
  type ContestSummary,
} from '../../lib/api/contest.ts';
import { contestApi } from '../../lib/api/endpoints.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { PaymentCode } from '../../lib/errors.ts';
import { environment } from '../shared/environment.ts';
import type { LoadState } from '../shared/load-state.ts';
import { contestIdFrom, contestPath, contestPlayPath } from './contest-play.ts';
import { serverOffset } from './contests.ts';

export type ContestState = LoadState<ContestSummary>;

/** Idle until the contest has started: an upcoming contest has no board. */
export type BoardState = LoadState<ContestBoard, { status: 'idle' }>;

/** Why Enter did not work, shown beside it. */
export type EnterProblem =
  | null
  /** The account's email is not confirmed: only confirmed accounts may enter. */
  | { kind: 'unconfirmed'; message: string }
  | { kind: 'refused'; message: string };

export type ClaimState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'failed'; message: string }
  | { status: 'claimed'; message: string };

/** After the end, until the final board is in and the prizes credited (within 30 s), the page looks again this often. */
export const AWAIT_PRIZES_MS = 10_000;
const TICK_MS = 1000;
/**
 * While the contest runs, the page reads the board this often. The server's copy may be up to
 * BOARD_COPY_MAX_AGE_MS old when it answers, and a read starts at the first tick once this has passed (up to
 * a tick late), so the board on screen is never older than CONTEST.boardMaxAgeMs: 30 − 15 − 1 = 14 s.
 */
export const BOARD_READ_MS = CONTEST.boardMaxAgeMs - BOARD_COPY_MAX_AGE_MS - TICK_MS;

/**
 * /contest?id=…: one contest, the caller's entry in it, and its board. The clock is the server's as this
 * phone reckons it (from serverTime). When the start, the end of the open level or the contest's end comes,
 * the contest is read again; the live board is read every BOARD_READ_MS while the contest runs, the final
 * one once after the end, and until the prizes are credited both are read again every few seconds.
 */
export function createContestStore() {
  const $contest = atom<ContestState>({ status: 'loading' });
  const $board = atom<BoardState>({ status: 'idle' });
  const $now = atom(environment().now());
  const $entering = atom(false);
  const $enterProblem = atom<EnterProblem>(null);
  const $adult = atom(false);
  const $claim = atom<ClaimState>({ status: 'idle' });
  let contestId = '';
  let offset = 0;
  let ticker: unknown;
  let reading = false;
  let boardReadAt = Number.NEGATIVE_INFINITY;
  let summaryReadAt = Number.NEGATIVE_INFINITY;

  const serverNow = () => environment().now() - offset;
  const current = () => {
    const state = $contest.get();
    return state.status === 'ready' ? state.data : undefined;
  };

  function show(contest: ContestSummary) {
    offset = serverOffset(contest.serverTime, environment().now());
    summaryReadAt = environment().now();
    $now.set(serverNow());
    $contest.set({ status: 'ready', data: contest });
  }

  /** Reads the contest (quietly: keeping what is on screen while it does, as the clock's re-reads do). */
  async function load({ quietly = false }: { quietly?: boolean } = {}) {
    if (!quietly) $contest.set({ status: 'loading' });
    const result = await environment().call(contestApi.one, { params: { id: contestId } });
    if (result.ok) show(result.data);
    else if (!quietly || $contest.get().status !== 'ready') {
      $contest.set({ status: 'failed', message: result.message });
    }
    const contest = current();
    if (contest && contest.status !== 'upcoming') await loadBoard();
  }

  /** Reads the board: top rows and the caller's own place. */
  async function loadBoard() {
    boardReadAt = environment().now();
    if ($board.get().status !== 'ready') $board.set({ status: 'loading' });
    const result = await environment().call(contestApi.board, { params: { id: contestId } });
    if (result.ok) $board.set({ status: 'ready', data: result.data });
    else if ($board.get().status !== 'ready') $board.set({ status: 'failed', message: result.message });
  }

  /** Whether the contest on screen is out of date: a start, a level's end or the contest's end has come. */
  function isStale(contest: ContestSummary, now: number): boolean {
    const passed = (iso: string | null | undefined) => iso != null && Date.parse(iso) <= now;
    if (contest.status === 'upcoming') return passed(contest.startsAt);
    if (contest.status === 'live') return passed(contest.endsAt) || passed(contest.entry?.openLevelEndsAt);
    // Ended, but not ranked yet (the final board and the prizes come within 30 s): look again now and then.
    const board = $board.get();
    const ranked = board.status === 'ready' && board.data.final;
    return contest.status === 'finished' && !ranked && environment().now() - summaryReadAt >= AWAIT_PRIZES_MS;
  }

  function tick() {
    const now = serverNow();
    $now.set(now);
    const contest = current();
    if (!contest || reading) return;
    if (isStale(contest, now)) {
      reading = true;
      void load({ quietly: true }).finally(() => {
        reading = false;
      });
    } else if (contest.status === 'live' && environment().now() - boardReadAt >= BOARD_READ_MS) {
      reading = true;
      void loadBoard().finally(() => {
        reading = false;
      });
    }
  }

  /** Puts a changed entry on screen (entering, claiming). */
  function showEntry(entry: ContestEntry, entered = false) {
    const contest = current();
    if (!contest) return;
    const entrants = entered ? contest.entrants + 1 : contest.entrants;
    $contest.set({ status: 'ready', data: { ...contest, entry, entrants } });
  }

  function enterFailed(result: Extract<ApiResult<unknown>, { ok: false }>) {
    if (result.code === PaymentCode.insufficientCoins) {
      environment().navigate('/out-of-coin');
      return;
    }
    if (result.status === 403) {
      $enterProblem.set({ kind: 'unconfirmed', message: result.message });
      return;
    }
    $enterProblem.set({ kind: 'refused', message: result.message });
    // Already entered, started, full or cancelled: what the server knows is shown.
    if (result.status === 409) void load({ quietly: true });
  }

  /** Enter: a guest signs in first; the fee is debited by the server, and the header's balance follows. */
  async function enter() {
    if ($entering.get() || !current()) return;
    if (!environment().signedIn()) {
      environment().requireSignIn(contestPath(contestId));
      return;
    }
    $entering.set(true);
    $enterProblem.set(null);
    const result = await environment().call(contestApi.enter, { params: { id: contestId } });
    $entering.set(false);
    if (!result.ok) {
      enterFailed(result);
      return;
    }
    environment().setCoins(result.data.triviaPoints);
    showEntry(result.data.entry, true);
  }

  /** Opens the caller's open level. */
  function play() {
    environment().navigate(contestPlayPath(contestId));
  }

  /** Claims the sponsored prize, once the student has ticked that they are 18 or over. */
  async function claim() {
    if ($claim.get().status === 'sending') return;
    if (!$adult.get()) {
      $claim.set({
        status: 'failed',
        message: `Confirm that you are ${CONTEST.prizeMinimumAge} or over to claim.`,
      });
      return;
    }
    $claim.set({ status: 'sending' });
    const result = await environment().call(contestApi.claim, {
      params: { id: contestId },
      body: { adult: true },
      quiet: true,
    });
    if (!result.ok) {
      $claim.set({ status: 'failed', message: result.message });
      return;
    }
    showEntry(result.data);
    $claim.set({
      status: 'claimed',
      message: result.message || 'Your claim is in. We will contact you by email.',
    });
  }

  /** Reads the contest named in the address and starts the clock; without an id, to /contests. */
  function init() {
    const id = contestIdFrom(environment().readSearch());
    if (!id) {
      environment().navigate('/contests');
      return () => undefined;
    }
    contestId = id;
    if (environment().signedIn()) void environment().loadUser();
    void load();
    ticker = environment().setInterval(tick, TICK_MS);
    return () => environment().clearInterval(ticker);
  }

  return {
    $contest,
    $board,
    $now,
    $entering,
    $enterProblem,
    $adult,
    $claim,
    init,
    load,
    loadBoard,
    enter,
    play,
    claim,
    setAdult: (adult: boolean) => $adult.set(adult),
    signedIn: () => environment().signedIn(),
  };
}

export type ContestStore = ReturnType<typeof createContestStore>;
