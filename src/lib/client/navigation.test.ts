import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mapStorage } from '../../../tests/support/map-storage.ts';
import { goBack, navigate, readNavigationState } from './navigation.ts';

/** The page's location at `href`, recording where the page goes next. */
function fakeLocation(href: string) {
  const url = new URL(href);
  return {
    href: url.href,
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    assign: vi.fn<(path: string) => void>(),
    replace: vi.fn<(path: string) => void>(),
  };
}

/** A history entry with its state, as a new page load finds it. */
function fakeHistory(state: unknown = null, length = 1) {
  return {
    state,
    length,
    back: vi.fn(),
    replaceState(next: unknown) {
      this.state = next;
    },
  };
}

describe('navigation state', () => {
  /** Opens `href` as a new page (same tab, so the same session storage), with a history entry's state. */
  function openPage(href: string, state: unknown = null) {
    const location = fakeLocation(href);
    const history = fakeHistory(state);
    vi.stubGlobal('location', location);
    vi.stubGlobal('history', history);
    return { location, history };
  }

  beforeEach(() => {
    vi.stubGlobal('sessionStorage', mapStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands the state to the page it opens, with a query, and keeps it on reload', () => {
    const from = openPage('http://localhost/utme');
    navigate('/utme/result?exam=e1', { attempt: 'a1' });
    expect(from.location.assign).toHaveBeenCalledWith('/utme/result?exam=e1');
    expect(from.location.replace).not.toHaveBeenCalled();

    const page = openPage('http://localhost/utme/result?exam=e1', { scroll: 10 });
    expect(readNavigationState()).toEqual({ attempt: 'a1' });
    // The history entry keeps what it held, and the key to the state for a reload or the back button.
    expect(page.history.state).toMatchObject({ scroll: 10, navKey: expect.any(String) });
    expect(readNavigationState()).toEqual({ attempt: 'a1' });

    openPage('http://localhost/utme/result?exam=e1', page.history.state);
    expect(readNavigationState()).toEqual({ attempt: 'a1' });
  });

  it('gives the state to no other page than the one it was meant for', () => {
    openPage('http://localhost/utme');
    navigate('/utme/result?exam=e1', { attempt: 'a1' });

    openPage('http://localhost/utme/result?exam=e2');
    expect(readNavigationState()).toBeUndefined();
    // The pending hand-over is spent: the intended page, opened later, does not take it either.
    openPage('http://localhost/utme/result?exam=e1');
    expect(readNavigationState()).toBeUndefined();
  });

  it('replaces the history entry when asked, and a navigation without state drops one pending', () => {
    const from = openPage('http://localhost/exam');
    navigate('/exam/result', { score: 3 }, { replace: true });
    expect(from.location.replace).toHaveBeenCalledWith('/exam/result');
    expect(from.location.assign).not.toHaveBeenCalled();

    navigate('/exam/result');
    openPage('http://localhost/exam/result');
    expect(readNavigationState()).toBeUndefined();
  });

  it('reads nothing where there is no session, as when islands render at build time', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(readNavigationState()).toBeUndefined();
  });
});

describe('goBack', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A page at /exam with `length` history entries, opened from `referrer`. */
  function page(length: number, referrer: string) {
    const location = fakeLocation('http://localhost/exam');
    const history = fakeHistory(null, length);
    vi.stubGlobal('location', location);
    vi.stubGlobal('history', history);
    vi.stubGlobal('document', { referrer });
    return { location, history };
  }

  it('goes back to the page of the app it came from', () => {
    const { location, history } = page(3, 'http://localhost/dashboard');
    goBack('/home');
    expect(history.back).toHaveBeenCalledOnce();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('goes to the fallback when it came from another site or was the first page', () => {
    const fromAway = page(3, 'https://example.com/');
    goBack('/home');
    expect(fromAway.location.assign).toHaveBeenCalledWith('/home');
    expect(fromAway.history.back).not.toHaveBeenCalled();

    const first = page(1, 'http://localhost/dashboard');
    goBack();
    expect(first.location.assign).toHaveBeenCalledWith('/');
  });
});
