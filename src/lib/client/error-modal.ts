import type { ApiErrorItem } from '../errors.ts';

/** One line of the Error modal: the message, with each array index in the path shown as (index + 1). */
export function describeError(item: ApiErrorItem): string {
  const positions = item.path.filter((part): part is number => typeof part === 'number');
  return positions.length > 0
    ? `${item.message} ${positions.map((index) => `(${index + 1})`).join(' ')}`
    : item.message;
}

/** The modal's lines: numbered when there is more than one error (spec §2). */
export function errorModalLines(errors: ApiErrorItem[]): string[] {
  return errors.map((item, index) =>
    errors.length > 1 ? `${index + 1}. ${describeError(item)}` : describeError(item),
  );
}

/** Opens the shared Error modal listing the errors. */
export function showErrorModal(errors: ApiErrorItem[]): void {
  const dialog = document.getElementById('error-modal') as HTMLDialogElement | null;
  const list = dialog?.querySelector('[data-error-list]');
  if (!dialog || !list) return;
  list.replaceChildren(
    ...errorModalLines(errors).map((text) => {
      const line = document.createElement('li');
      line.textContent = text;
      return line;
    }),
  );
  dialog.showModal();
}
