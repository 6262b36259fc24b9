// The paths of the three calls every page makes on start (src/lib/client/user-check.ts, with plain fetch so
// that the content pages ship no binding table), named once for those calls and for their bindings in
// endpoints.ts.

/** GET: the signed-in user (spec: "The current user is loaded on start"). */
export const CURRENT_USER_PATH = '/api/v1/user';
/** GET: the Leader Board, called after the user for a non-admin. */
export const LEADERBOARD_PATH = '/api/v1/exam/leaderboard';
/** POST, form-encoded action=GRW: the airtime status, called when a user exists. */
export const AIRTIME_STATUS_PATH = '/api';
