/**
 * Toasts: top-right (below the header, styled in global.css), closing after 5000 ms, dismissed by dragging
 * 80% of their width (spec §9). On a phone a toast spans the screen, so there they sit at the bottom, or
 * below the header when the bottom would cover the focused control, and never more than two at once.
 */

export type ToastKind = 'success' | 'error' | 'info';

const AUTO_CLOSE_MS = 5000;
const DRAG_DISMISS_RATIO = 0.8;
const PENDING_KEY = 'pending-toasts';
/** Where toasts span the screen (global.css has the same width). */
const NARROW = '(max-width: 640px)';
/** How many toasts a phone shows at once: the newest, the oldest give way. */
const NARROW_STACK = 2;
/** What a toast must not cover besides the focused control: the page's headline and the calculator. */
const KEEP_CLEAR = 'h1, .calculator';

/** A box on screen, in CSS pixels from the viewport's top. */
export interface Band {
  top: number;
  bottom: number;
}

/** Where the toasts sit on a phone. */
export type ToastEdge = 'top' | 'bottom';

/**
 * The edge of a phone's screen for toasts `height` tall: the bottom, clear of the header and nearer the
 * thumb, unless it would cover something to keep clear (the focused control, the headline) and the top
 * would not; then just below the header.
 */
export function chooseEdge(
  screen: { height: number; headerHeight: number; margin: number },
  height: number,
  keepClear: Band[],
): ToastEdge {
  const bottom = { top: screen.height - screen.margin - height, bottom: screen.height - screen.margin };
  const top = {
    top: screen.headerHeight + screen.margin,
    bottom: screen.headerHeight + screen.margin + height,
  };
  const covers = (band: Band) => keepClear.some((box) => box.top < band.bottom && band.top < box.bottom);
  return covers(bottom) && !covers(top) ? 'top' : 'bottom';
}

function container(): HTMLElement {
  let region = document.getElementById('toasts');
  if (!region) {
    region = document.createElement('div');
    region.id = 'toasts';
    region.className = 'toasts';
    document.body.append(region);
  }
  followPage(region);
  return region;
}

/** The bands of the focused control and of what else must stay in view, on screen now. */
function bandsToKeepClear(region: HTMLElement): Band[] {
  const focused = document.activeElement;
  const elements = [...document.querySelectorAll(KEEP_CLEAR)];
  if (focused instanceof HTMLElement && focused !== document.body && !region.contains(focused)) {
    elements.push(focused);
  }
  return elements
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.height > 0 && box.bottom > 0 && box.top < window.innerHeight);
}

/** Puts the toasts on the edge of a phone's screen where they cover nothing the student needs. */
function place(region: HTMLElement) {
  if (!window.matchMedia(NARROW).matches || region.childElementCount === 0) {
    delete region.dataset.edge;
    return;
  }
  const style = getComputedStyle(document.documentElement);
  const headerHeight = Number.parseFloat(style.getPropertyValue('--header-height')) || 64;
  const edge = chooseEdge(
    { height: window.innerHeight, headerHeight, margin: 8 },
    region.getBoundingClientRect().height,
    bandsToKeepClear(region),
  );
  region.dataset.edge = edge;
}

const followed = new WeakSet<HTMLElement>();

/** Places the toasts again when the focus moves, the page scrolls or the screen turns. */
function followPage(region: HTMLElement) {
  if (followed.has(region)) return;
  followed.add(region);
  let pending = false;
  const schedule = () => {
    if (pending || region.childElementCount === 0) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      place(region);
    });
  };
  document.addEventListener('focusin', schedule);
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
}

function makeDraggable(toast: HTMLElement, dismiss: () => void) {
  let startX: number | undefined;
  toast.addEventListener('pointerdown', (event) => {
    if ((event.target as HTMLElement).closest('button')) return;
    startX = event.clientX;
    toast.setPointerCapture(event.pointerId);
  });
  toast.addEventListener('pointermove', (event) => {
    if (startX === undefined) return;
    const offset = event.clientX - startX;
    toast.style.transform = `translateX(${offset}px)`;
    toast.style.opacity = String(1 - Math.min(1, Math.abs(offset) / toast.offsetWidth));
  });
  const release = (event: PointerEvent) => {
    if (startX === undefined) return;
    const offset = Math.abs(event.clientX - startX);
    startX = undefined;
    if (offset >= toast.offsetWidth * DRAG_DISMISS_RATIO) dismiss();
    else {
      toast.style.transform = '';
      toast.style.opacity = '';
    }
  };
  toast.addEventListener('pointerup', release);
  toast.addEventListener('pointercancel', release);
}

/** Shows a toast now. */
export function showToast(message: string, kind: ToastKind = 'info'): void {
  const toast = document.createElement('div');
  toast.className = `toast toast-${kind}`;
  toast.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const text = document.createElement('p');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  toast.append(text, close);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const region = container();
  const dismiss = () => {
    clearTimeout(timer);
    toast.remove();
    place(region);
  };
  const schedule = () => {
    timer = setTimeout(dismiss, AUTO_CLOSE_MS);
  };
  close.addEventListener('click', dismiss);
  // Hovering pauses the countdown so a slow reader can finish.
  toast.addEventListener('pointerenter', () => clearTimeout(timer));
  toast.addEventListener('pointerleave', schedule);
  makeDraggable(toast, dismiss);
  region.append(toast);
  if (window.matchMedia(NARROW).matches) {
    // Each toast was announced as it came; on a phone the older ones give way to keep the stack short.
    for (const old of [...region.children].slice(0, -NARROW_STACK)) old.remove();
  }
  place(region);
  schedule();
}

/** Keeps a toast for the next page, for messages shown just before navigating (e.g. 'Logout Successfully'). */
export function showToastAfterNavigation(message: string, kind: ToastKind = 'info'): void {
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '[]') as [string, ToastKind][];
  pending.push([message, kind]);
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
}

/** Shows the toasts that the previous page left. */
export function flushPendingToasts(): void {
  const raw = sessionStorage.getItem(PENDING_KEY);
  if (!raw) return;
  sessionStorage.removeItem(PENDING_KEY);
  for (const [message, kind] of JSON.parse(raw) as [string, ToastKind][]) showToast(message, kind);
}
