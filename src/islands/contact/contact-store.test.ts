import { describe, expect, it } from 'vitest';
import {
  appApi,
  failed,
  fakeApi,
  success,
  testEnvironment,
} from '../../../tests/support/store-environment.ts';
import { createTestApp } from '../../../tests/support/test-app.ts';
import type { DataOf } from '../../lib/api/endpoint.ts';
import { siteApi } from '../../lib/api/endpoints.ts';
import type { ApiResult } from '../../lib/client/api.ts';
import { createContactStore } from './contact-store.ts';

type Sent = ApiResult<DataOf<typeof siteApi.contact>>;

/** The store in an environment whose contact endpoint answers with `answer`, online as `isOnline` says. */
function setup(answer: () => Sent | Promise<Sent>, isOnline = () => true) {
  const api = fakeApi().on(siteApi.contact, answer);
  testEnvironment({ call: api.call, isOnline });
  return api;
}

function filledStore() {
  const store = createContactStore();
  store.setField('fullname', 'Ngozi Okafor');
  store.setField('email', 'ngozi@example.com');
  store.setField('telephone', '08031234567');
  store.setField('message', 'Hello');
  store.setField('acceptTerms', true);
  return store;
}

describe('the contact form store', () => {
  it('shows every missing field and sends nothing', async () => {
    const api = setup(() => success({ _id: 'x' }));
    const store = createContactStore();
    await store.submit();
    expect(store.$errors.get()).toEqual({
      fullname: 'Name is required',
      email: 'Email is required',
      telephone: 'Phone number is required',
      message: 'Message is required',
      acceptTerms: 'You must accept the terms',
    });
    expect(api.calls).toEqual([]);
    store.setField('fullname', 'N');
    expect(store.$errors.get().fullname).toBeUndefined();
  });

  it('is busy while sending, then clears the form and shows success', async () => {
    let answer: (result: Sent) => void = () => {};
    const api = setup(() => new Promise((resolve) => (answer = resolve)));
    const store = filledStore();
    const sending = store.submit();
    expect(store.$busy.get()).toBe(true);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.input).toEqual({
      body: {
        fullname: 'Ngozi Okafor',
        email: 'ngozi@example.com',
        telephone: '08031234567',
        message: 'Hello',
        acceptTerms: true,
      },
      quiet: true,
    });
    answer(success({ _id: 'x' }, 'Message sent successfully!'));
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

  it('sends the message to the API and, once it is accepted, shows success with the form cleared', async () => {
    const t = await createTestApp();
    testEnvironment({ call: appApi(t) });
    const store = filledStore();
    await store.submit();
    expect(store.$status.get()).toBe('success');
    expect(store.$values.get().message).toBe('');
  });

  it('keeps what was typed and shows the error banner when the send fails', async () => {
    setup(() => failed('Something went wrong', 500));
    const store = filledStore();
    await store.submit();
    expect(store.$status.get()).toBe('error');
    expect(store.$values.get().message).toBe('Hello');
  });

  it('sends nothing while offline, and says to try again once online, keeping what was typed', async () => {
    const api = setup(
      () => success({ _id: 'x' }),
      () => false,
    );
    const store = filledStore();
    await store.submit();
    expect(api.calls).toEqual([]);
    expect(store.$status.get()).toBe('offline');
    expect(store.$values.get().message).toBe('Hello');
  });

  it('says offline when the connection drops during the send, and not sent when the server fails', async () => {
    let online = true;
    let dropsDuringSend = true;
    setup(
      () => {
        if (dropsDuringSend) online = false;
        return failed('We could not reach the server.', 0);
      },
      () => online,
    );
    const store = filledStore();
    await store.submit();
    expect(store.$status.get()).toBe('offline');

    online = true;
    dropsDuringSend = false;
    await store.submit();
    expect(store.$status.get()).toBe('error');
  });

  it('takes over what was typed before the island started', () => {
    testEnvironment();
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
