/**
 * The current user, loaded on start on every page, and the two calls the spec hangs on it (the Leader
 * Board for a student, the airtime status when a user exists). Plain fetch and storage only: the content
 * pages load this and no framework, so it must stay a few hundred bytes gzipped.
 *
 * What is kept (docs/decisions/098): the last answer and its ETag in localStorage, so that the next call,
 * in this session or a later one, is a conditional GET that costs a 304; the time of the last check, the
 * student's place on the board and the airtime answer in sessionStorage, so each is fetched once per
 * browser session (the board again whenever the user's answer changed).
 */

import type { OwnRank } from '../api/exam.ts';
import { AIRTIME_STATUS_PATH, CURRENT_USER_PATH, LEADERBOARD_PATH } from '../api/start-calls.ts';
import type { SessionPayload } from '../api/user.ts';
import { formatThousands, ordinal } from '../format.ts';
import { AUTH_STORE_KEY, endInvalidSession, readToken, STUDENT_CHECK_KEYS } from './storage.ts';

/** localStorage: `{ etag, payload }` of the last 200 from GET /api/v1/user. */
export const USER_ANSWER_KEY = 'user-answer';
/** sessionStorage: when this session last checked the user (ms). */
const CHECKED_AT_KEY = STUDENT_CHECK_KEYS.checkedAt;
/** sessionStorage: the student's own place on the Leader Board (`OwnRank` or null). */
export const BOARD_PLACE_KEY = STUDENT_CHECK_KEYS.boardPlace;
/** sessionStorage: the airtime status answer ("msisdn data"). */
export const MSISDN_KEY = STUDENT_CHECK_KEYS.msisdn;
/** Dispatched on window once a check has answered; the islands' session store listens. */
export const USER_CHECKED_EVENT = 'user-checked';
/** A session's stored user is checked again after this long on a page load. */
const STALE_MS = 10 * 60_000;

/** What a check of the user answered: 200 with the payload (changed or not), or the failure. */
export interface UserCheck {
  status: number;
  payload?: SessionPayload;
  /** The payload differs from the one stored before. */
  changed?: boolean;
  message?: string;
}

const read = <T>(storage: Storage, key: string): T | undefined => {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
};

const webuser = { 'frontend-source': 'webuser' };

let inFlight: Promise<UserCheck | undefined> | undefined;
/** The follow-up calls of the last check, which a screen that shows their answers waits for. */
let following: Promise<void> = Promise.resolve();
/** The page's start check, until an island's first load takes it as its own. */
let startCheck: Promise<UserCheck | undefined> | undefined;

/**
 * GET /api/v1/user, conditional on the stored answer's ETag; a changed answer is stored as the session's
 * user and a 401 signs the student out. Calls made while one is on its way share it.
 */
export function checkUser(): Promise<UserCheck | undefined> {
  // The page's start check is the first island load's answer too (failure included): one call, one rule.
  const start = startCheck;
  startCheck = undefined;
  if (start) return start;
  inFlight ??= fetchUser().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function fetchUser(): Promise<UserCheck | undefined> {
  const token = readToken();
  if (!token) return undefined;
  const kept = read<{ etag: string; payload: SessionPayload }>(localStorage, USER_ANSWER_KEY);
  const headers: Record<string, string> = { ...webuser, Authorization: `Bearer ${token}` };
  if (kept) headers['If-None-Match'] = kept.etag;
  let check: UserCheck;
  try {
    // no-store: the answer is revalidated here, where a 304 can be seen, not by the HTTP cache.
    const response = await fetch(CURRENT_USER_PATH, { headers, cache: 'no-store' });
    if (response.status === 304 && kept) check = { status: 200, payload: kept.payload, changed: false };
    else {
      const body = await response.json().catch(() => ({}));
      check = { status: response.status, message: body.message };
      if (response.ok) {
        check = { status: 200, payload: body.data, changed: true };
        const etag = response.headers.get('etag');
        if (etag) localStorage.setItem(USER_ANSWER_KEY, JSON.stringify({ etag, payload: body.data }));
      }
    }
  } catch {
    return { status: 0 };
  }
  sessionStorage.setItem(CHECKED_AT_KEY, String(Date.now()));
  if (check.status === 401) endInvalidSession();
  if (check.changed && check.payload && !check.payload.isAdmin) {
    const { user, profile } = check.payload;
    localStorage.setItem(AUTH_STORE_KEY, JSON.stringify({ user, profile, isAuth: true }));
  }
  showAccount();
  if (check.payload) {
    // Neither answer is needed to use the page: a failure is only logged, and never rejects `following`.
    following = followUp(check.payload, Boolean(check.changed)).catch((error) =>
      console.info('A follow-up of the user check failed', error),
    );
  }
  dispatchEvent(new CustomEvent(USER_CHECKED_EVENT, { detail: check }));
  return check;
}

/**
 * The Leader Board for a student (spec §7) and the airtime status when a user exists, once a session. The
 * two are independent: one failing (a captive portal's page for JSON, say) never stops the other.
 */
async function followUp(payload: SessionPayload, changed: boolean): Promise<void> {
  const calls = [];
  if (!payload.isAdmin && (changed || sessionStorage.getItem(BOARD_PLACE_KEY) === null)) {
    calls.push(fetchBoardPlace(payload.token));
  }
  if (sessionStorage.getItem(MSISDN_KEY) === null) calls.push(fetchAirtimeStatus(payload.user.telephone));
  for (const result of await Promise.allSettled(calls)) {
    if (result.status === 'rejected') console.info('A follow-up of the user check failed', result.reason);
  }
  showAccount();
}

async function fetchBoardPlace(token: string): Promise<void> {
  const response = await fetch(LEADERBOARD_PATH, {
    headers: { ...webuser, Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`The Leader Board answered ${response.status}`);
  const body = await response.json();
  sessionStorage.setItem(BOARD_PLACE_KEY, JSON.stringify(body.data.me ?? null));
}

/** Form-encoded and without the token, as the spec's call is. */
async function fetchAirtimeStatus(telephone: string | null | undefined): Promise<void> {
  const response = await fetch(AIRTIME_STATUS_PATH, {
    method: 'POST',
    headers: webuser,
    body: new URLSearchParams({ action: 'GRW', msisdn: telephone ?? '' }),
  });
  if (!response.ok) throw new Error(`The airtime status check answered ${response.status}`);
  sessionStorage.setItem(MSISDN_KEY, JSON.stringify((await response.json()).data));
}

const readBoardPlace = () => read<OwnRank>(sessionStorage, BOARD_PLACE_KEY) ?? null;

/** The student's place on the Leader Board, once the last check's follow-up calls are done. */
export async function boardPlace(): Promise<OwnRank | null> {
  await following;
  return readBoardPlace();
}

/** Whether the airtime status check said the student's number already has an active plan. */
export async function airtimeActive(): Promise<boolean> {
  await following;
  return read<{ active?: boolean }>(sessionStorage, MSISDN_KEY)?.active === true;
}

/** Writes the stored first name, coins and board place into the header's account lines. */
function showAccount(): void {
  const user = read<{ user?: SessionPayload['user'] }>(localStorage, AUTH_STORE_KEY)?.user;
  if (!user) return;
  const place = readBoardPlace();
  const text = [
    // The first name only: the full name is the heading of /profile and /buy-coins.
    user.firstName,
    `${formatThousands(user.triviaPoints)} coins`,
    place ? `${ordinal(place.rank)} on the Leader Board` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  for (const line of document.querySelectorAll('[data-header-account]')) line.textContent = text;
}

/**
 * On page start: shows the stored account in the header and checks the user once a session, or when the
 * last check is stale. The islands' own loads go through checkUser too, so they cost a 304 when unchanged.
 */
export function startUserCheck(): void {
  showAccount();
  const checkedAt = Number(sessionStorage.getItem(CHECKED_AT_KEY));
  // An island that loaded before this script (its modules are preloaded) has checked already: its answer,
  // a failure included, must not be handed to its Retry as the start check.
  if (Date.now() - checkedAt >= STALE_MS && !inFlight) startCheck = checkUser();
}
