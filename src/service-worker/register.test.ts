import { describe, expect, it, vi } from 'vitest';
import { installsByItself, type WorkerContainer, watchForUpdates } from './register.ts';

/** A stand-in for navigator.serviceWorker: its controller, and a way to fire controllerchange. */
function fakeContainer(controller: ServiceWorker | null) {
  const events = new EventTarget();
  const container = {
    controller,
    register: vi.fn(),
    addEventListener: events.addEventListener.bind(events),
  } as unknown as WorkerContainer;
  return { container, takeOver: () => events.dispatchEvent(new Event('controllerchange')) };
}

describe('watchForUpdates', () => {
  it('says nothing when the first worker takes over a page, and "Updated" on each later version', () => {
    const { container, takeOver } = fakeContainer(null);
    const announce = vi.fn();
    watchForUpdates(container, announce);

    takeOver();
    expect(announce).not.toHaveBeenCalled();
    takeOver();
    expect(announce).toHaveBeenCalledTimes(1);
    takeOver();
    expect(announce).toHaveBeenCalledTimes(2);
  });

  it('announces the first takeover of a page that a worker already controlled', () => {
    const { container, takeOver } = fakeContainer({} as ServiceWorker);
    const announce = vi.fn();
    watchForUpdates(container, announce);

    takeOver();
    expect(announce).toHaveBeenCalledTimes(1);
  });
});

describe('installsByItself', () => {
  it('waits for the student to ask when the phone saves data and has no worker yet', () => {
    expect(installsByItself(false, false)).toBe(true);
    expect(installsByItself(true, false)).toBe(false);
  });

  it('keeps an installed worker up to date whatever the setting', () => {
    expect(installsByItself(true, true)).toBe(true);
    expect(installsByItself(false, true)).toBe(true);
  });
});
