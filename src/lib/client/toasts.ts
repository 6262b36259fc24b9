/**
 * Toasts: top-right (below the header, styled in global.css), closing after 5000 ms, dismissed by dragging
 * 80% of their width (spec §9).
 */

export type ToastKind = 'success' | 'error' | 'info';

const AUTO_CLOSE_MS = 5000;
const DRAG_DISMISS_RATIO = 0.8;
const PENDING_KEY = 'pending-toasts';

function container(): HTMLElement {
  let region = document.getElementById('toasts');
  if (!region) {
    region = document.createElement('div');
    region.id = 'toasts';
    region.className = 'toasts';
    document.body.append(region);
  }
  return region;
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
  const dismiss = () => {
    clearTimeout(timer);
    toast.remove();
  };
  const schedule = () => {
    timer = setTimeout(dismiss, AUTO_CLOSE_MS);
  };
  close.addEventListener('click', dismiss);
  // Hovering pauses the countdown so a slow reader can finish.
  toast.addEventListener('pointerenter', () => clearTimeout(timer));
  toast.addEventListener('pointerleave', schedule);
  makeDraggable(toast, dismiss);
  container().append(toast);
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
