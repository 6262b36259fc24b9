import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mapStorage, storedKeys } from '../../../tests/support/map-storage.ts';
import { queueKey } from '../../islands/quiz/answer-queue.ts';
import { UNAUTHORIZED_MESSAGE } from '../errors.ts';
import { AUTH_STORE_KEY, AUTH_TOKEN_KEY } from './storage.ts';

/** A JSON response from the fake server. */
function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('request (the API client) when the server answers', () => {
  let storage: Storage;
  const reload = vi.fn();
  const fetch = vi.fn<typeof globalThis.fetch>();

  beforeEach(() => {
    storage = mapStorage({
      [AUTH_TOKEN_KEY]: 'revoked-token',
      [AUTH_STORE_KEY]: '{"isAuth":true}',
      [queueKey('attempt-1')]: '[{"question":"q","option":"o"}]',
    });
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('location', { reload, origin: 'http://localhost' });
    vi.stubGlobal('fetch', fetch);
    reload.mockReset();
    fetch.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('401: signs out and reloads, and keeps the answers not yet sent for the next sign-in', async () => {
    fetch.mockResolvedValue(reply(401, { success: false, message: UNAUTHORIZED_MESSAGE }));
    const { request } = await import('./api.ts');
    const result = await request('PATCH', '/api/v1/exam/answer', { body: { exam: 'e', question: 'q' } });

    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer revoked-token');
    expect(storedKeys(storage)).toEqual([queueKey('attempt-1')]);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('another refusal: leaves the session and the page alone', async () => {
    fetch.mockResolvedValue(reply(409, { success: false, message: 'This test has been submitted already.' }));
    const { request } = await import('./api.ts');
    const result = await request('PATCH', '/api/v1/exam/answer', { body: { exam: 'e', question: 'q' } });

    expect(result).toMatchObject({
      ok: false,
      status: 409,
      message: 'This test has been submitted already.',
    });
    expect(storedKeys(storage)).toEqual([AUTH_TOKEN_KEY, AUTH_STORE_KEY, queueKey('attempt-1')].sort());
    expect(reload).not.toHaveBeenCalled();
  });
});
