import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../lib/client/api.ts';

const request = vi.fn<(...args: unknown[]) => Promise<ApiResult<unknown>>>();
vi.mock('../../lib/client/api.ts', () => ({ request: (...args: unknown[]) => request(...args) }));

const { createContactStore } = await import('./contact-store.ts');

function filledStore(isOnline = () => true) {
  const store = createContactStore(isOnline);
  store.setField('fullname', 'Ngozi Okafor');
  store.setField('email', 'ngozi@example.com');
  store.setField('telephone', '08031234567');
  store.setField('message', 'Hello');
  store.setField('acceptTerms', true);
  return store;
}

describe('the contact form store', () => {
  beforeEach(() => request.mockReset());

  it('shows every missing field and sends nothing', async () => {
    const store = createContactStore();
    await store.submit();
    expect(store.$errors.get()).toEqual({
      fullname: 'Name is required',
      email: 'Email is required',
      telephone: 'Phone number is required',
      message: 'Message is required',
      acceptTerms: 'You must accept the terms',
    });
    expect(request).not.toHaveBeenCalled();
    store.setField('fullname', 'N');
    expect(store.$errors.get().fullname).toBeUndefined();
  });

  it('is busy while sending, then clears the form and shows success', async () => {
    let answer: (result: ApiResult<unknown>) => void = () => {};
    request.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const store = filledStore();
    const sending = store.submit();
    expect(store.$busy.get()).toBe(true);
    expect(request).toHaveBeenCalledWith('POST', '/api/v1/feedback', {
      body: {
        fullname: 'Ngozi Okafor',
        email: 'ngozi@example.com',
        telephone: '08031234567',
        message: 'Hello',
        acceptTerms: true,
      },
      quiet: true,
    });
    answer({ ok: true, data: { _id: 'x' }, message: 'Message sent successfully!' });
    await sending;
    expect(store.$busy.get()).toBe(false);
    expect(store.$status.get()).toBe('success');
    expect(store.$values.get()).toEqual({
      fullname: '',
      email: '',
      telephone: '',
      message: '',
      acceptTerms: false,
    });
  });

  it('keeps what was typed and shows the error banner when the send fails', async () => {
    request.mockResolvedValue({ ok: false, status: 500, message: 'Something went wrong' });
    const store = filledStore();
    await store.submit();
    expect(store.$status.get()).toBe('error');
    expect(store.$values.get().message).toBe('Hello');
  });

  it('sends nothing while offline, and says to try again once online, keeping what was typed', async () => {
    const store = filledStore(() => false);
    await store.submit();
    expect(request).not.toHaveBeenCalled();
    expect(store.$status.get()).toBe('offline');
    expect(store.$values.get().message).toBe('Hello');
  });

  it('says offline when the connection drops during the send, and not sent when the server fails', async () => {
    let online = true;
    request.mockImplementation(async () => {
      online = false;
      return { ok: false, status: 0, message: 'We could not reach the server.' };
    });
    const store = filledStore(() => online);
    await store.submit();
    expect(store.$status.get()).toBe('offline');

    online = true;
    request.mockResolvedValue({ ok: false, status: 0, message: 'We could not reach the server.' });
    await store.submit();
    expect(store.$status.get()).toBe('error');
  });

  it('takes over what was typed before the island started', () => {
    const store = createContactStore();
    store.adopt({ fullname: 'Zainab Yusuf', email: '', message: 'Hi', acceptTerms: 'on' });
    expect(store.$values.get()).toEqual({
      fullname: 'Zainab Yusuf',
      email: '',
      telephone: '',
      message: 'Hi',
      acceptTerms: true,
    });
  });
});
