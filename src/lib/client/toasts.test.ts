import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeElement, installDom } from '../../../tests/support/fake-dom.ts';
import { mapStorage } from '../../../tests/support/map-storage.ts';
import { chooseEdge, flushPendingToasts, showToast, showToastAfterNavigation } from './toasts.ts';

// A 360 x 740 phone under a 64 px header; two toasts take about 120 px.
const phone = { height: 740, headerHeight: 64, margin: 8 };
const stack = 120;

describe('chooseEdge', () => {
  it('puts the toasts at the bottom, clear of a headline at the top', () => {
    expect(chooseEdge(phone, stack, [{ top: 90, bottom: 140 }])).toBe('bottom');
  });

  it('moves them below the header when the bottom would cover the focused control', () => {
    expect(chooseEdge(phone, stack, [{ top: 660, bottom: 704 }])).toBe('top');
  });

  it('stays at the bottom when the top would cover something too', () => {
    expect(
      chooseEdge(phone, stack, [
        { top: 100, bottom: 150 },
        { top: 660, bottom: 704 },
      ]),
    ).toBe('bottom');
  });
});

/** The toasts on the page: the message and the kind of each, oldest first. */
function shown(dom: ReturnType<typeof installDom>) {
  return (dom.document.getElementById('toasts')?.children ?? []).map((toast) => ({
    text: toast.children[0]?.textContent,
    kind: toast.className,
    role: toast.getAttribute('role'),
  }));
}

describe('showToast', () => {
  let dom: ReturnType<typeof installDom>;

  beforeEach(() => {
    vi.useFakeTimers();
    dom = installDom();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('adds the toast region once and announces errors as alerts, the rest as status', () => {
    showToast('Saved', 'success');
    showToast('Network error', 'error');
    showToast('Heads up');

    expect(dom.document.body.querySelectorAll('#toasts')).toHaveLength(1);
    expect(shown(dom)).toEqual([
      { text: 'Saved', kind: 'toast toast-success', role: 'status' },
      { text: 'Network error', kind: 'toast toast-error', role: 'alert' },
      { text: 'Heads up', kind: 'toast toast-info', role: 'status' },
    ]);
  });

  it('closes after 5000 ms, and waits while the pointer rests on it', () => {
    showToast('First');
    const [toast] = dom.document.getElementById('toasts')?.children ?? [];
    vi.advanceTimersByTime(4999);
    expect(shown(dom)).toHaveLength(1);

    toast?.dispatch('pointerenter');
    vi.advanceTimersByTime(10_000);
    expect(shown(dom)).toHaveLength(1);

    toast?.dispatch('pointerleave');
    vi.advanceTimersByTime(5000);
    expect(shown(dom)).toEqual([]);
  });

  it('closes at once with its close button', () => {
    showToast('Bye');
    const close = dom.document.querySelector('.toast-close');
    expect(close?.getAttribute('aria-label')).toBe('Dismiss notification');
    close?.dispatch('click');
    expect(shown(dom)).toEqual([]);
  });

  it('follows a drag, springs back under 80% of its width and closes beyond', () => {
    showToast('Drag me');
    const toast = dom.document.querySelector('.toast');
    const text = toast?.children[0];
    if (!toast || !text) throw new Error('no toast');
    toast.offsetWidth = 300;

    toast.dispatch('pointerdown', { target: text, clientX: 100, pointerId: 1 });
    toast.dispatch('pointermove', { clientX: 175 });
    expect(toast.style).toEqual({ transform: 'translateX(75px)', opacity: '0.75' });
    toast.dispatch('pointerup', { clientX: 339 });
    expect(toast.style).toEqual({ transform: '', opacity: '' });
    expect(shown(dom)).toHaveLength(1);

    // A move or a release without a press, or a press on the close button, drags nothing.
    toast.dispatch('pointermove', { clientX: 400 });
    toast.dispatch('pointerup', { clientX: 400 });
    expect(shown(dom)).toHaveLength(1);
    toast.dispatch('pointerdown', { target: toast.children[1], clientX: 100, pointerId: 1 });
    toast.dispatch('pointermove', { clientX: 400 });
    expect(toast.style.transform).toBe('');

    toast.dispatch('pointerdown', { target: text, clientX: 100, pointerId: 1 });
    toast.dispatch('pointercancel', { clientX: 100 - 240 });
    expect(shown(dom)).toEqual([]);
  });

  it('keeps every toast on a wide screen, without a phone edge', () => {
    for (const message of ['one', 'two', 'three']) showToast(message);
    expect(shown(dom).map((toast) => toast.text)).toEqual(['one', 'two', 'three']);
    expect(dom.document.getElementById('toasts')?.dataset.edge).toBeUndefined();
  });

  it('shows the two newest on a phone, at the bottom, and forgets the edge when the last one goes', () => {
    dom.window.narrow = true;
    for (const message of ['one', 'two', 'three']) showToast(message);
    const region = dom.document.getElementById('toasts');
    expect(shown(dom).map((toast) => toast.text)).toEqual(['two', 'three']);
    expect(region?.dataset.edge).toBe('bottom');

    vi.advanceTimersByTime(5000);
    expect(shown(dom)).toEqual([]);
    expect(region?.dataset.edge).toBeUndefined();
  });
});

describe('showToast on a phone, beside the focused control', () => {
  let dom: ReturnType<typeof installDom>;
  let region: FakeElement;
  let input: FakeElement;

  /**
   * The page: a stack of toasts 120 px tall and a focused field just above the keyboard, under a header
   * 64 px tall unless the page's style gives its height.
   */
  function layOut(options?: { headerHeight: number }) {
    dom = installDom(options);
    dom.window.narrow = true;
    region = dom.document.add('div', { id: 'toasts', rect: { top: 0, bottom: 120, height: 120 } });
    dom.document.body.append(region);
    input = dom.document.add('input', {
      parent: dom.document.body,
      rect: { top: 660, bottom: 704, height: 44 },
    });
    input.focus();
  }

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves below the header, ignoring a headline that takes no room', () => {
    layOut();
    dom.document.add('h1', { parent: dom.document.body, rect: { top: 100, bottom: 100, height: 0 } });
    showToast('Saved');
    expect(region.dataset.edge).toBe('top');
  });

  it("reads the header's height from the page's style", () => {
    layOut({ headerHeight: 300 });
    dom.document.add('div', {
      className: 'calculator',
      parent: dom.document.body,
      rect: { top: 320, bottom: 360, height: 40 },
    });
    showToast('Saved');
    expect(region.dataset.edge).toBe('bottom');
  });

  it('goes back to the bottom in the next frame when the focus moves up, once for several events', () => {
    layOut();
    showToast('Saved');
    const top = dom.document.add('input', {
      parent: dom.document.body,
      rect: { top: 100, bottom: 140, height: 40 },
    });
    top.focus();
    dom.document.dispatch('focusin');
    dom.window.dispatch('scroll');
    dom.window.dispatch('resize');
    expect(dom.frames.pending).toBe(1);
    expect(region.dataset.edge).toBe('top');

    dom.frames.run();
    expect(region.dataset.edge).toBe('bottom');
  });

  it('does not make way for its own close button, and stops following the page once empty', () => {
    layOut();
    showToast('Saved');
    const close = region.querySelector('.toast-close');
    if (!close) throw new Error('no close button');
    close.rect = { top: 650, bottom: 690, height: 40 };
    close.focus();
    dom.document.dispatch('focusin');
    dom.frames.run();
    expect(region.dataset.edge).toBe('bottom');

    vi.advanceTimersByTime(5000);
    dom.window.dispatch('scroll');
    expect(dom.frames.pending).toBe(0);
  });
});

describe('toasts kept for the next page', () => {
  let dom: ReturnType<typeof installDom>;

  beforeEach(() => {
    vi.useFakeTimers();
    dom = installDom();
    vi.stubGlobal('sessionStorage', mapStorage());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows them on the next page, in order and only once', () => {
    showToastAfterNavigation('Logout Successfully', 'success');
    showToastAfterNavigation('See you soon');
    expect(shown(dom)).toEqual([]);

    flushPendingToasts();
    expect(shown(dom)).toEqual([
      { text: 'Logout Successfully', kind: 'toast toast-success', role: 'status' },
      { text: 'See you soon', kind: 'toast toast-info', role: 'status' },
    ]);
    flushPendingToasts();
    expect(shown(dom)).toHaveLength(2);
  });

  it('adds nothing to a page that no toast was kept for', () => {
    flushPendingToasts();
    expect(dom.document.getElementById('toasts')).toBeNull();
  });
});
