import { AUTH_TOKEN_KEY } from '../../src/lib/client/storage.ts';
import { boardPlace, checkUser } from '../../src/lib/client/user-check.ts';

/**
 * Leaves src/lib/client/user-check.ts idle for the next test, whose module state it keeps: the token goes,
 * a start check not yet taken is taken, and the follow-up calls of the last check finish before the test's
 * stand-ins for the browser do.
 */
export async function leaveUserCheckIdle(local: Storage): Promise<void> {
  local.removeItem(AUTH_TOKEN_KEY);
  await checkUser();
  await checkUser();
  await boardPlace();
}
