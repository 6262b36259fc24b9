import { type ReactNode, useId, useLayoutEffect, useRef } from 'preact/compat';

/**
 * A modal built on the native <dialog>: focus is trapped and Escape closes it, with no library. It opens
 * with the focus on its first control, or on the one marked `data-autofocus`.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // A layout effect: the dialog opens or closes as the render lands, before the browser's next task. A
  // plain effect waits for the next frame, and a close event queued meanwhile would undo a reopening.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first control. A dialog whose buttons come after a list of questions to go
      // to (the UTME sitting's submit dialog) marks the one to start on, as `autofocus` would (an
      // attribute React left out of the page and Preact leaves to the browser, which ignores it here).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Escape fires cancel at once, then closes the dialog, and the close event comes later, as a task: the
  // caller hears of Escape from cancel, so that a key pressed right after (Enter on the button that opened
  // the dialog) finds it closed and opens it again. A close event that finds the dialog open again (R, then
  // S in the quiz), or already closed by its caller, is stale and must not close it.
  const closedByBrowser = () => {
    if (open && !ref.current?.open) onClose();
  };
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={onClose}
      onClose={closedByBrowser}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
